import { createHash } from 'node:crypto';
import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** What the pipeline needs from the HTTP request besides the operation's options (decisions.md 7.3 and 7.4). */
export interface MeteredRequest {
  /** The raw `Idempotency-Key` header, validated by the pipeline; undefined when absent. */
  readonly idempotencyKey: string | undefined;
  /** Hash of method, path, query (the `key` parameter aside) and body: "the same request" under a key. */
  readonly fingerprint: string;
  /** The raw `webhook_url` query parameter, checked by the pipeline. */
  readonly webhookUrl: string | undefined;
}

export const PLAIN_REQUEST: MeteredRequest = { idempotencyKey: undefined, fingerprint: '', webhookUrl: undefined };

const last = (value: unknown): unknown => (Array.isArray(value) ? value[value.length - 1] : value);

export function fingerprintOf(method: string, path: string, query: Record<string, unknown>, body: unknown): string {
  // The API key authenticates and is not a parameter: the same request by header or by `key` is one request.
  const params = Object.entries(query).filter(([name]) => name !== 'key').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify([method, path, params, body ?? null])).digest('hex');
}

function meteredRequestOf(request: FastifyRequest): MeteredRequest {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const header = request.headers['idempotency-key'];
  const webhook = last(query.webhook_url);
  return {
    idempotencyKey: Array.isArray(header) ? header.join(', ') : header,
    fingerprint: fingerprintOf(request.method, request.url.split('?')[0], query, request.body),
    webhookUrl: typeof webhook === 'string' ? webhook : undefined,
  };
}

/** Metered handlers: `@Metered() request: MeteredRequest`, handed to MeteredPipeline.serve. */
export const Metered = createParamDecorator((_: unknown, context: ExecutionContext) => meteredRequestOf(context.switchToHttp().getRequest<FastifyRequest>()));
