import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiMetrics } from '../../common/openapi/api-docs.js';
import { METRICS_CONTENT_TYPE, MetricsService } from '../../infra/metrics/metrics.service.js';
import { MetricsGuard } from './metrics.guard.js';
import { NoQuery, QueryOf } from '../../common/validation/query-of.js';

/** Served by API and worker processes alike: each exposes its own counters (decisions.md 7.5). */
@Controller('metrics')
@UseGuards(MetricsGuard)
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @ApiMetrics()
  @Header('Content-Type', METRICS_CONTENT_TYPE)
  scrape(@QueryOf(NoQuery) _query: NoQuery): Promise<string> {
    return this.metrics.text();
  }
}
