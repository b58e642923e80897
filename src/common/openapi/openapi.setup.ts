import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sendAppError } from '../errors/app-exception.filter.js';
import { refusedParameters } from '../validation/validate-dto.js';
import { HTML, json, MountedPaths, NO_QUERY, plainOperation } from './plain-operations.js';
import { SCHEMAS } from './schemas.js';

/** This document and its UI (decisions.md 7.5): no key needed, and, as every route, no query parameter taken. */
const DOCUMENT_PATHS: MountedPaths = {
  '/openapi.json': {
    get: plainOperation({
      operationId: 'openApiDocument',
      tag: 'documentation',
      summary: 'This document: OpenAPI 3, every public and admin route',
      responses: { 200: { description: 'The document', content: json({ type: 'object', required: ['openapi', 'info', 'paths'] }) }, 422: NO_QUERY },
    }),
  },
  '/docs': {
    get: plainOperation({
      operationId: 'docs',
      tag: 'documentation',
      summary: 'Swagger UI over this document, its assets served by the service itself (no CDN)',
      responses: { 200: { description: 'The page', content: HTML }, 422: NO_QUERY },
    }),
  },
};

/** The OpenAPI document: the controllers' decorators, the routes mounted outside them (`mounted`), the named schemas. */
export function buildOpenApiDocument(app: INestApplication, mounted: MountedPaths = {}): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Crawlgate')
    .setDescription('Metered web-page retrieval: pages, screenshots, recipes and chat answers, charged in credits.')
    .setVersion('1')
    // bearerFormat names what the token is (Nest's default says JWT, which these are not).
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'API key (cg_...)', description: 'The organization API key' }, 'bearer')
    .addApiKey({ type: 'apiKey', in: 'query', name: 'key', description: 'The organization API key, metered routes only, when no header is sent' }, 'key')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'ADMIN_TOKEN', description: 'ADMIN_TOKEN' }, 'admin')
    .addBasicAuth({ type: 'http', scheme: 'basic', description: 'Any user name, ADMIN_TOKEN as the password (the queue dashboard, a page for browsers)' }, 'adminBasic')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    // Tags come from the decorators; operation ids are the handlers' names (unique across controllers).
    autoTagControllers: false,
    operationIdFactory: (_controller, method) => method,
  });
  document.paths = { ...document.paths, ...DOCUMENT_PATHS, ...mounted };
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...SCHEMAS } };
  return document;
}

/**
 * GET /openapi.json and Swagger UI at GET /docs, its assets served from swagger-ui-dist (no CDN), no key needed.
 * `mounted`: what other modules serve outside the controllers (the queue board), for the document to describe.
 */
export function setupOpenApi(app: NestFastifyApplication, mounted: MountedPaths = {}): void {
  // Swagger's routes are Fastify's, outside the controllers' QueryOf: they take no parameters either (decisions.md 8).
  app.getHttpAdapter().getInstance().addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0];
    const refused = path === '/openapi.json' || path === '/docs' || path.startsWith('/docs/') ? refusedParameters(request.query) : null;
    if (refused) await sendAppError(reply, refused, String(request.id));
  });
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, mounted), {
    jsonDocumentUrl: 'openapi.json',
    raw: ['json'],
    customSiteTitle: 'Crawlgate API',
    // No call to validator.swagger.io: the page must work offline.
    swaggerOptions: { validatorUrl: null },
  });
}
