import { Module } from '@nestjs/common';
import { HttpMetricsHook } from './http-metrics.hook.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsGuard } from './metrics.guard.js';
import { RuntimeGauges } from './runtime-gauges.js';

/** GET /metrics and what only this layer can see: HTTP answers, Bull's queue, the browser, the proxies. */
@Module({
  controllers: [MetricsController],
  providers: [MetricsGuard, HttpMetricsHook, RuntimeGauges],
})
export class MetricsModule {}
