import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../common/errors/app-error.js';

const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;

/** decisions.md 7.3's header rule: absent, or 1 to 255 visible ASCII characters (422 on `Idempotency-Key`). */
export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[header.length - 1] : header;
  if (!VISIBLE_ASCII.test(value)) throw AppError.field('Idempotency-Key', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  return value;
}

/**
 * The handler's parsed Idempotency-Key (null: none). A param decorator of its own, not `@Headers()`, which the OpenAPI
 * document would list as a required header: the route documents it as optional (ApiAdmin's `idempotent`).
 */
export const IdempotencyKeyOf = createParamDecorator((_data: unknown, context: ExecutionContext): string | null =>
  parseIdempotencyKey(context.switchToHttp().getRequest<FastifyRequest>().headers['idempotency-key']));
