import type { HeadersObject } from '@nestjs/swagger';

type HeaderObject = HeadersObject[string];

const header = (description: string, type: 'string' | 'integer' = 'string'): HeaderObject => ({ description, schema: { type } });

/** Every response header the document names, each declared once (what sends them: src/common/http/credit-headers.interceptor.ts). */
const RESPONSE_HEADERS = {
  'X-Credits-Charged': header('Credits charged by this request (0 when refunded; a replay repeats the first charge)', 'integer'),
  'X-Credits-Remaining': header('The balance after this request', 'integer'),
  'X-Job-Id': header('The job, collectable at GET /crawl/{job}'),
  'Idempotent-Replayed': header('"true" when answered from an earlier request with the same Idempotency-Key'),
  'X-Target-Status': header('The target\'s own HTTP status', 'integer'),
  'X-Final-Url': header('The URL after redirects'),
  'X-Error-Code': header('The failure code'),
  'Retry-After': header('Seconds', 'integer'),
  'X-Cache': header('"hit" when a stored copy answered (max_age), "miss" when the page was fetched (and stored unless store=false)'),
  'X-Cache-Age': header('On a hit: seconds since the stored copy was fetched', 'integer'),
  'WWW-Authenticate': header('The HTTP Basic challenge, so that a browser asks for the password'),
} satisfies HeadersObject;

export type ResponseHeaderName = keyof typeof RESPONSE_HEADERS;

/** The named headers, as a response's `headers`. */
export function responseHeaders(...names: ResponseHeaderName[]): HeadersObject {
  return Object.fromEntries(names.map((name) => [name, RESPONSE_HEADERS[name]]));
}

/** What every metered answer carries (decisions.md 2, 7.3). */
export const CREDIT_HEADERS: readonly ResponseHeaderName[] = ['X-Credits-Charged', 'X-Credits-Remaining', 'X-Job-Id', 'Idempotent-Replayed'];
/** A page's answer adds what the target said. */
export const PAGE_HEADERS: readonly ResponseHeaderName[] = [...CREDIT_HEADERS, 'X-Target-Status', 'X-Final-Url'];
/** decisions.md 9.6: a route with max_age says whether a stored copy answered. */
export const CACHE_HEADERS: readonly ResponseHeaderName[] = ['X-Cache', 'X-Cache-Age'];
