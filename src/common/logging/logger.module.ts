import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestMethod } from '@nestjs/common';
import { LoggerModule as PinoLoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { redactUrl } from './redact-url.js';

type LoggedRequest = IncomingMessage & { id?: string; organizationId?: string };

/** JSON logs; one line per request with request id, organization, route, status, duration and credits. */
export const LoggerModule = PinoLoggerModule.forRootAsync({
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => ({
    // Nest 12 on Fastify needs the route pattern spelled out for the request-logging middleware to apply.
    forRoutes: [{ path: '{*splat}', method: RequestMethod.ALL }],
    pinoHttp: {
      level: config.logLevel,
      genReqId: (req: IncomingMessage) => (req as LoggedRequest).id ?? 'unknown',
      customProps: (req: IncomingMessage, res: ServerResponse) => ({
        organization: (req as LoggedRequest).organizationId,
        credits: res.getHeader('x-credits-charged') === undefined ? undefined : Number(res.getHeader('x-credits-charged')),
      }),
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, route: redactUrl(req.url).split('?')[0] }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
      redact: { paths: ['req.headers.authorization', 'req.query.key', 'headers.authorization'], censor: '[redacted]' },
      autoLogging: { ignore: (req: IncomingMessage) => (req.url ?? '').startsWith('/health') },
    },
  }),
});
