import { LoggerModule as PinoLoggerModule } from 'nestjs-pino';
import { APP_CONFIG } from '../../config/config.module.js';
/** JSON logs; one line per request with request id, organization, route, status, duration and credits. */
export const LoggerModule = PinoLoggerModule.forRootAsync({
    inject: [APP_CONFIG],
    useFactory: (config) => ({
        pinoHttp: {
            level: config.logLevel,
            genReqId: (req) => req.id ?? 'unknown',
            customProps: (req, res) => ({
                organization: req.organizationId,
                credits: res.getHeader('x-credits-charged') === undefined ? undefined : Number(res.getHeader('x-credits-charged')),
            }),
            serializers: {
                req: (req) => ({ method: req.method, route: req.url.split('?')[0] }),
                res: (res) => ({ status: res.statusCode }),
            },
            redact: ['req.headers.authorization'],
            autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/health') },
        },
    }),
});
