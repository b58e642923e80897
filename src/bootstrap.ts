import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/app-config.js';
import { AppError } from './common/errors/app-error.js';
import { sendAppError } from './common/errors/app-exception.filter.js';
import { jsonBodyParser } from './common/http/json-body.js';
import { requestIdFor } from './common/http/request-id.js';
import { setupOpenApi } from './common/openapi/openapi.setup.js';
import { QUEUE_BOARD_PATHS } from './modules/queue-board/queue-board.openapi.js';

/**
 * The request line and headers: Node's default of 16 KiB refused (431) an `extract` or `ai_schema` within its
 * 10,000 characters once percent-encoded (JSON's quotes and braces take 3 bytes each); 256 KiB holds both at their
 * bound and the longest URL.
 */
const MAX_REQUEST_HEAD_BYTES = 256 * 1024;

/** Request bodies (recipes, admin calls): 1 MiB, a 413 above. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the application for a role; main.ts listens, the e2e suites reuse it on a port of their own. */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    genReqId: requestIdFor,
    bodyLimit: BODY_LIMIT_BYTES,
    // Every query within the documented bounds fits: extract and ai_schema (10,000 characters each) percent-encoded.
    http: { maxHeaderSize: MAX_REQUEST_HEAD_BYTES },
    // A path parameter of any length reaches its route (an unknown job id is a 404 there, not the router's 414).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_REQUEST_HEAD_BYTES },
    // HEAD would run a GET route's handler: on a metered route, a charged crawl whose answer is thrown away.
    exposeHeadRoutes: false,
    // A path the router cannot decode (`/crawl/%ZZ`) names nothing: 404 in decisions 3's shape, not Fastify's own body.
    frameworkErrors: (_error: Error, request: FastifyRequest, reply: FastifyReply) => {
      reply.header('X-Request-Id', String(request.id));
      return sendAppError(reply, AppError.notFound('Not found.'), String(request.id));
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  const fastify = app.getHttpAdapter().getInstance();
  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT_BYTES }, jsonBodyParser(fastify));
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', String(request.id));
    // A worker-only process serves its health probes and its own metrics, nothing else.
    if (!config.runsApi && !request.url.startsWith('/health') && !request.url.startsWith('/metrics')) await sendAppError(reply, AppError.notFound('Not found.'), String(request.id));
  });
  if (config.runsApi) setupOpenApi(app, QUEUE_BOARD_PATHS);
  // Kubernetes, Ctrl-C, a closed terminal: drain and stop. Nest's default list also stops on SIGUSR2 (profilers, nodemon).
  app.enableShutdownHooks(['SIGTERM', 'SIGINT', 'SIGHUP']);
  return app;
}
