import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiCollect } from '../../common/openapi/api-docs.js';
import { QueryOf } from '../../common/validation/query-of.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { HeaderOnlyQuery } from '../auth/header-only-query.js';
import { CurrentOrganization, OrgKeyGuard } from '../auth/org-key.guard.js';
import { JobCollector } from './job-collector.service.js';

@Controller('crawl')
@UseGuards(OrgKeyGuard)
export class JobsController {
  constructor(private readonly collector: JobCollector) {}

  /** Free, header-authenticated only (no @AllowQueryKey), never rate-limited. */
  @Get(':job')
  @ApiCollect()
  collect(@Param('job') jobId: string, @CurrentOrganization() organization: Organization, @QueryOf(HeaderOnlyQuery) _query: HeaderOnlyQuery) {
    return this.collector.collect(organization, jobId);
  }
}
