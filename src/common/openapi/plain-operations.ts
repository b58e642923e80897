import type { ContentObject, HeadersObject, OperationObject, PathsObject, ResponseObject, SecurityRequirementObject } from '@nestjs/swagger';
import { ref } from './schemas.js';
import type { SchemaName } from './schemas.js';

/**
 * Operations of the routes no controller declares (Swagger UI and this document, mounted by SwaggerModule; Bull Board,
 * mounted on Fastify): written as the route decorators would write them, since no decorator sees these routes.
 */
export type MountedPaths = PathsObject;

export const json = (schema: object): ContentObject => ({ 'application/json': { schema } });
/** A page for people. */
export const HTML: ContentObject = { 'text/html': { schema: { type: 'string' } } };

export const failure = (description: string, schema: SchemaName, headers?: HeadersObject): ResponseObject => ({
  description,
  content: json(ref(schema)),
  ...(headers ? { headers } : {}),
});

/** What a route that takes no query parameter answers to one (decisions 8: an unknown parameter is refused). */
export const NO_QUERY = failure('A query parameter: this route takes none', 'ValidationError');

export interface PlainOperation {
  readonly operationId: string;
  readonly tag: string;
  readonly summary: string;
  /** Absent: no key or token at all (an empty requirement list, said outright). */
  readonly security?: SecurityRequirementObject[];
  readonly responses: Record<number, ResponseObject>;
}

export function plainOperation(doc: PlainOperation): OperationObject {
  return { operationId: doc.operationId, tags: [doc.tag], summary: doc.summary, security: doc.security ?? [], parameters: [], responses: doc.responses };
}
