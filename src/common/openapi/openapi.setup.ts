import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sendAppError } from '../errors/app-exception.filter.js';
import { refusedParameters } from '../validation/query-of.js';
import { SCHEMAS } from './schemas.js';

/** The OpenAPI document, generated from the controllers' decorators plus the named schemas. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Crawlgate')
    .setDescription('Metered web-page retrieval: pages, screenshots, recipes and chat answers, charged in credits.')
    .setVersion('1')
    // bearerFormat names what the token is (Nest's default says JWT, which these are not).
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'API key (cg_...)', description: 'The organization API key' }, 'bearer')
    .addApiKey({ type: 'apiKey', in: 'query', name: 'key', description: 'The organization API key, metered routes only, when no header is sent' }, 'key')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'ADMIN_TOKEN', description: 'ADMIN_TOKEN' }, 'admin')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    // Tags come from the decorators; operation ids are the handlers' names (unique across controllers).
    autoTagControllers: false,
    operationIdFactory: (_controller, method) => method,
  });
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...SCHEMAS } };
  return document;
}

/** GET /openapi.json and Swagger UI at GET /docs, its assets served from swagger-ui-dist (no CDN), no key needed. */
export function setupOpenApi(app: NestFastifyApplication): void {
  // Swagger's routes are Fastify's, outside the controllers' QueryOf: they take no parameters either (decisions.md 8).
  app.getHttpAdapter().getInstance().addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0];
    const refused = path === '/openapi.json' || path === '/docs' || path.startsWith('/docs/') ? refusedParameters(request.query) : null;
    if (refused) await sendAppError(reply, refused, String(request.id));
  });
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'openapi.json',
    raw: ['json'],
    customSiteTitle: 'Crawlgate API',
    // No call to validator.swagger.io: the page must work offline.
    swaggerOptions: { validatorUrl: null },
  });
}
