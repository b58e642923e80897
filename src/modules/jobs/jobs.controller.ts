import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiCollect } from '../../common/openapi/api-docs.js';
import { QueryOf } from '../../common/validation/query-of.js';
import { HeaderOnlyQuery } from '../auth/header-only-query.js';
import { CollectedJobOf, CollectKeyGuard } from './collect-key.guard.js';
import type { CollectedJob } from './job.repository.js';
import { JobCollector } from './job-collector.service.js';

@Controller('crawl')
@UseGuards(CollectKeyGuard)
export class JobsController {
  constructor(private readonly collector: JobCollector) {}

  /** Free, header-authenticated only (no @AllowQueryKey), never rate-limited. */
  @Get(':job')
  @ApiCollect()
  collect(@CollectedJobOf() found: CollectedJob['found'], @QueryOf(HeaderOnlyQuery) _query: HeaderOnlyQuery) {
    return this.collector.collect(found);
  }
}
