import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, Observable } from 'rxjs';
import { AnswerFacts, MeteredAnswer } from './metered-answer.js';

/** The headers every metered answer carries (README, decisions.md 2 and 7.3), made in this one place. */
function creditHeaders(facts: AnswerFacts): Record<string, string> {
  return {
    ...(facts.billing ? { 'X-Credits-Charged': String(facts.billing.charged), 'X-Credits-Remaining': String(facts.billing.remaining) } : {}),
    'X-Job-Id': facts.jobId,
    ...(facts.target ? { 'X-Target-Status': String(facts.target.status), 'X-Final-Url': facts.target.finalUrl } : {}),
    ...(facts.errorCode ? { 'X-Error-Code': facts.errorCode } : {}),
    ...(facts.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
    ...(facts.cache ? { 'X-Cache': facts.cache.hit ? 'hit' : 'miss', ...(facts.cache.hit ? { 'X-Cache-Age': String(facts.cache.ageSeconds) } : {}) } : {}),
  };
}

/**
 * Turns a MeteredAnswer into the HTTP response: status, credit headers and body. It answers with a web Response,
 * the one return value whose status Nest keeps (a plain value would get the route's @HttpCode).
 */
@Injectable()
export class CreditHeadersInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(map((value: unknown) => (value instanceof MeteredAnswer ? toResponse(value) : value)));
  }
}

/**
 * decisions.md 8.5: target content is served from the service's own origin (where /dashboard keeps a key and
 * /admin/queues its credentials), so it is sandboxed into an opaque origin with no script, and never sniffed.
 * Inline styles and data: images keep a page readable in a browser; nothing else loads.
 */
const TARGET_CONTENT_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
  'X-Content-Type-Options': 'nosniff',
};

function toResponse(answer: MeteredAnswer): Response {
  const { status, headers, body } = responseParts(answer);
  // A page's Buffer is a Uint8Array over a plain ArrayBuffer (the database driver's, or Buffer.from's): never shared memory.
  return new Response(body as string | Uint8Array<ArrayBuffer>, { status, headers });
}

/**
 * Sends a MeteredAnswer straight through Fastify, for a handler that owns its reply (@Res()): job collection, which
 * is free and unlimited, so it skips the web Response that Nest turns into a stream. The same status, headers and body.
 */
export function sendAnswer(reply: FastifyReply, answer: MeteredAnswer): void {
  const { status, headers, body } = responseParts(answer);
  void reply.status(status).headers(headers).send(body);
}

function responseParts(answer: MeteredAnswer): { status: number; headers: Record<string, string>; body: Buffer | string } {
  const page = 'page' in answer.body ? answer.body : null;
  const body = page ? page.page : JSON.stringify((answer.body as { json: object }).json);
  const headers = {
    ...creditHeaders(answer.facts),
    ...(page ? TARGET_CONTENT_HEADERS : {}),
    'Content-Type': page ? `${page.mediaType}; charset=utf-8` : 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
  };
  return { status: answer.status, headers, body };
}
