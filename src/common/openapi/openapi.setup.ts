import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import { SCHEMAS } from './schemas.js';

/** The OpenAPI document, generated from the controllers' decorators plus the named schemas. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Crawlgate')
    .setDescription('Metered web-page retrieval: pages, screenshots, recipes and chat answers, charged in credits.')
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'The organization API key' }, 'bearer')
    .addApiKey({ type: 'apiKey', in: 'query', name: 'key', description: 'The organization API key, metered routes only, when no header is sent' }, 'key')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN' }, 'admin')
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
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'openapi.json',
    raw: ['json'],
    customSiteTitle: 'Crawlgate API',
    // No call to validator.swagger.io: the page must work offline.
    swaggerOptions: { validatorUrl: null },
  });
}
