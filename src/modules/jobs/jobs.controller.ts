import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { sendAnswer } from '../../common/http/credit-headers.interceptor.js';
import { ApiCollect } from '../../common/openapi/api-docs.js';
import { QueryOf } from '../../common/validation/query-of.js';
import { CollectQuery } from './dto/collect-query.js';
import { CollectedJobOf, CollectKeyGuard } from './collect-key.guard.js';
import type { CollectedJob } from './job.repository.js';
import { JobCollector } from './job-collector.service.js';

@Controller('crawl')
@UseGuards(CollectKeyGuard)
export class JobsController {
  constructor(private readonly collector: JobCollector) {}

  /**
   * Free, header-authenticated only (no @AllowQueryKey), never rate-limited. It sends its answer itself (sendAnswer):
   * a returned web Response would be streamed by Nest, the largest cost left on this path.
   */
  @Get(':job')
  @ApiCollect()
  async collect(@CollectedJobOf() found: CollectedJob['found'], @QueryOf(CollectQuery) query: CollectQuery, @Res() reply: FastifyReply): Promise<void> {
    sendAnswer(reply, await this.collector.collect(found, query.cursor));
  }
}
