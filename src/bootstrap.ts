import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/app-config.js';
import { requestIdFor } from './common/http/request-id.js';
import { setupOpenApi } from './common/openapi/openapi.setup.js';

/** Builds the application for a role; main.ts listens, the e2e suites reuse it on a port of their own. */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    genReqId: requestIdFor,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', String(request.id));
    // A worker-only process serves its health probes and its own metrics, nothing else.
    if (!config.runsApi && !request.url.startsWith('/health') && !request.url.startsWith('/metrics')) await reply.status(404).send({ message: 'Not found.' });
  });
  if (config.runsApi) setupOpenApi(app);
  // Kubernetes, Ctrl-C, a closed terminal: drain and stop. Nest's default list also stops on SIGUSR2 (profilers, nodemon).
  app.enableShutdownHooks(['SIGTERM', 'SIGINT', 'SIGHUP']);
  return app;
}
