import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { map, Observable } from 'rxjs';
import { AnswerFacts, MeteredAnswer } from './metered-answer.js';

/** The headers every metered answer carries (README, decisions.md 2 and 7.3), made in this one place. */
export function creditHeaders(facts: AnswerFacts): Record<string, string> {
  return {
    ...(facts.billing ? { 'X-Credits-Charged': String(facts.billing.charged), 'X-Credits-Remaining': String(facts.billing.remaining) } : {}),
    'X-Job-Id': facts.jobId,
    ...(facts.target ? { 'X-Target-Status': String(facts.target.status), 'X-Final-Url': facts.target.finalUrl } : {}),
    ...(facts.errorCode ? { 'X-Error-Code': facts.errorCode } : {}),
    ...(facts.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
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

function toResponse(answer: MeteredAnswer): Response {
  const [type, text] = 'html' in answer.body
    ? ['text/html; charset=utf-8', answer.body.html]
    : ['application/json; charset=utf-8', JSON.stringify(answer.body.json)];
  const headers = { ...creditHeaders(answer.facts), 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(text)) };
  return new Response(text, { status: answer.status, headers });
}
