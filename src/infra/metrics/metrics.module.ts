import { Global, Module } from '@nestjs/common';
import { MetricsService } from './metrics.service.js';

/** Global, so a service anywhere can count what it does with one injected dependency. */
@Global()
@Module({ providers: [MetricsService], exports: [MetricsService] })
export class MetricsCoreModule {}
