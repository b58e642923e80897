import { Controller, Delete, Get, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { sendAnswer } from '../../common/http/credit-headers.interceptor.js';
import { ApiCancel, ApiCollect } from '../../common/openapi/api-docs.js';
import { QueryOf } from '../../common/validation/query-of.js';
import { HeaderOnlyQuery } from '../auth/header-only-query.js';
import { CollectQuery } from './dto/collect-query.js';
import { CollectedJobOf, CollectKeyGuard } from './collect-key.guard.js';
import type { CollectedJob } from './job.repository.js';
import { JobCancelService } from './job-cancel.service.js';
import { JobCollector } from './job-collector.service.js';

@Controller('crawl')
@UseGuards(CollectKeyGuard)
export class JobsController {
  constructor(
    private readonly collector: JobCollector,
    private readonly cancels: JobCancelService,
  ) {}

  /**
   * Free, header-authenticated only (no @AllowQueryKey), never rate-limited. It sends its answer itself (sendAnswer):
   * a returned web Response would be streamed by Nest, the largest cost left on this path.
   */
  @Get(':job')
  @ApiCollect(CollectQuery)
  async collect(@CollectedJobOf() found: CollectedJob['found'], @QueryOf(CollectQuery) query: CollectQuery, @Res() reply: FastifyReply): Promise<void> {
    sendAnswer(reply, await this.collector.collect(found, query.cursor));
  }

  /** Free, header-authenticated only, as collection (decisions 9.4): the key and the job come from CollectKeyGuard. */
  @Delete(':job')
  @ApiCancel()
  async cancel(@CollectedJobOf() found: CollectedJob['found'], @QueryOf(HeaderOnlyQuery) _query: HeaderOnlyQuery, @Res() reply: FastifyReply): Promise<void> {
    sendAnswer(reply, await this.cancels.cancel(found));
  }
}
