import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { MetricsService } from '../../infra/metrics/metrics.service.js';

/** Counts every answer by route pattern (`/crawl/:job`, never the URL itself), so the label set stays bounded. */
@Injectable()
export class HttpMetricsHook implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.metrics.requestAnswered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });
  }
}
