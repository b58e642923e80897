import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { HeadersObject } from '@nestjs/swagger';
import { HTML, json, NO_QUERY } from './plain-operations.js';
import { queryParameters } from './query-parameters.js';
import { CACHE_HEADERS, CREDIT_HEADERS, PAGE_HEADERS, responseHeaders } from './response-headers.js';
import { ref } from './schemas.js';
import type { SchemaName } from './schemas.js';

/** Route decorators for the OpenAPI document: one bundle per kind of route, so controllers stay one line each. */
/** A route's query DTO: its parameters are documented from its rules and @ParamDoc. */
type QueryDto = abstract new () => object;

/** Bare page answers: the page, or its content as Markdown or text (decisions.md 8.1). */
const PAGE_CONTENT = {
  'text/html': { schema: { type: 'string' } },
  'text/markdown': { schema: { type: 'string' }, example: '# Example Domain\n\nThis domain is for use in illustrative examples in documents.' },
  'text/plain': { schema: { type: 'string' } },
};

const failure = (status: number, description: string, schema: SchemaName, headers?: HeadersObject) =>
  ApiResponse({ status, description, content: json(ref(schema)), ...(headers ? { headers } : {}) });
const Unauthorized = () => failure(401, 'No key, an unknown or revoked key, or a dashboard user\'s token', 'MessageError');
const Invalid = () => failure(422, 'Invalid parameters, body or header', 'ValidationError');
/** A route's query parameters, from its DTO's rules and @ParamDoc. */
const queryOf = (dto?: QueryDto) => (dto ? queryParameters(dto).map((parameter) => ApiQuery(parameter)) : []);

interface MeteredDoc {
  readonly tag: string;
  readonly summary: string;
  /** The route's query DTO: its parameters are documented from its rules and @ParamDoc (webhook_url included). */
  readonly query: QueryDto;
  readonly envelope: SchemaName;
  /** text/html besides the envelope on 200 (a page). */
  readonly page?: boolean;
  /** The key in the header only (GET /map): no `key` query scheme. */
  readonly headerKeyOnly?: boolean;
  /** max_age (decisions.md 9.6): X-Cache and X-Cache-Age on 200 and 202. */
  readonly cache?: boolean;
  /** Counted against the plan's daily limit (screenshot and chat): a 402 may say so. */
  readonly dailyLimited?: boolean;
  /** The route's price and anything else the summary cannot hold. */
  readonly description?: string;
}

/** decisions.md 7.3, on every metered route. */
const IdempotencyKeyHeader = (description = 'Replays the first job for 24 hours instead of charging again') =>
  ApiHeader({ name: 'Idempotency-Key', required: false, description, schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' } });

/** A metered route (decisions.md 2, 3, 7.3, 7.4): both keys, Idempotency-Key, webhook_url, every status. */
export function ApiMetered(doc: MeteredDoc): MethodDecorator & ClassDecorator {
  const envelope = ref(doc.envelope);
  const ok = doc.page ? { ...PAGE_CONTENT, ...json(envelope) } : json(envelope);
  const cache = doc.cache ? CACHE_HEADERS : [];
  return applyDecorators(
    ApiTags(doc.tag),
    ApiOperation({ summary: doc.summary, ...(doc.description ? { description: doc.description } : {}) }),
    ApiBearerAuth('bearer'),
    ...(doc.headerKeyOnly ? [] : [ApiSecurity('key')]),
    IdempotencyKeyHeader(),
    ...queryOf(doc.query),
    ApiResponse({ status: 200, description: 'Done within SYNC_WAIT_MS', content: ok, headers: responseHeaders(...(doc.page ? PAGE_HEADERS : CREDIT_HEADERS), ...cache) }),
    ApiResponse({ status: 202, description: 'Paid and still running: collect it at GET /crawl/{job}', content: json(envelope), headers: responseHeaders(...CREDIT_HEADERS, ...cache) }),
    Unauthorized(),
    failure(402, doc.dailyLimited ? 'Balance too low or daily limit reached' : 'Balance too low', 'MessageError'),
    Invalid(),
    failure(429, 'Concurrency or burst limit of the plan', 'MessageError', responseHeaders('Retry-After')),
    ApiResponse({
      status: 500,
      description: 'The operation ran and failed (the envelope with X-Error-Code; refunded when the failure is the service\'s, billed for ai_invalid_output and action_failed), or an internal error before it ran',
      content: json({ oneOf: [envelope, ref('ServiceError')] }),
      headers: responseHeaders(...CREDIT_HEADERS, 'X-Error-Code'),
    }),
    failure(503, 'Proxy pool or model unavailable, queue or database down; nothing charged', 'ServiceError'),
  );
}

/** POST /site (decisions.md 9.3): header key only, options in the query, always 202 at once, nothing charged. */
export function ApiSite(query: QueryDto): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiTags('site'),
    ApiOperation({ summary: 'Crawl a site: its pages fetched as GET /crawl would, charged page by page, collected at GET /crawl/{job} with cursor/next' }),
    ApiBearerAuth('bearer'),
    IdempotencyKeyHeader(),
    // Every page option of GET /crawl but `output` (decisions.md 9.3: site pages are always JSON; `output` is 422).
    ...queryParameters(query).filter((parameter) => parameter.name !== 'output').map((parameter) => ApiQuery(parameter)),
    ApiResponse({ status: 202, description: 'Queued: collect it at GET /crawl/{job}. Replayed by its Idempotency-Key: the crawl\'s envelope as it is now', content: json(ref('SiteEnvelope')), headers: responseHeaders('X-Job-Id', 'Idempotent-Replayed') }),
    Unauthorized(),
    failure(402, 'The balance does not cover one page', 'MessageError'),
    Invalid(),
    failure(429, 'Burst limit, or SITE_ACTIVE_PER_ORG crawls queued or running', 'MessageError', responseHeaders('Retry-After')),
    failure(503, 'Proxy pool or model unavailable; nothing charged', 'ServiceError'),
  );
}

/** What a job route answers: the envelope of whichever operation the job is. */
const ANY_ENVELOPE = { oneOf: [ref('CrawlEnvelope'), ref('ScreenshotEnvelope'), ref('ChatEnvelope'), ref('MapEnvelope'), ref('SiteEnvelope')] };
/** Declared here: job routes read the job through CollectKeyGuard, not @Param, so nothing else documents it. */
const JobParam = () => ApiParam({ name: 'job', type: String, required: true, description: 'The job id of a 202 answer (`job_id`, `X-Job-Id`).' });

type Decorator = MethodDecorator & ClassDecorator;

/** A route of one job (`/crawl/{job}`): free, header key only; its answers, 401, 404 for another organization's job, its failures. */
function jobRoute(summary: string, answers: Decorator[], failures: Decorator[]): Decorator {
  return applyDecorators(
    ApiTags('jobs'),
    ApiOperation({ summary }),
    JobParam(),
    ApiBearerAuth('bearer'),
    ...answers,
    Unauthorized(),
    failure(404, 'Unknown job, or another organization\'s', 'MessageError'),
    ...failures,
  );
}

/** GET /crawl/{job}: free, header key only; `query` its one parameter, a site crawl's cursor (decisions 9.3). */
export function ApiCollect(query: QueryDto): MethodDecorator & ClassDecorator {
  return jobRoute(
    'Collect a job: its result, 202 while it runs (with a live debug capture), its failure',
    [
      ...queryOf(query),
      ApiResponse({ status: 200, description: 'Done', content: { ...PAGE_CONTENT, ...json(ANY_ENVELOPE) }, headers: responseHeaders('X-Job-Id', 'X-Target-Status', 'X-Final-Url', ...CACHE_HEADERS) }),
      ApiResponse({ status: 202, description: 'Queued or running', content: json(ANY_ENVELOPE), headers: responseHeaders('X-Job-Id', ...CACHE_HEADERS) }),
    ],
    [
      Invalid(),
      ApiResponse({ status: 500, description: 'The job failed, or was cancelled (X-Error-Code)', content: json(ANY_ENVELOPE), headers: responseHeaders('X-Job-Id', 'X-Error-Code') }),
    ],
  );
}

/** DELETE /crawl/{job}: free, header key only (decisions 9.4). */
export function ApiCancel(): MethodDecorator & ClassDecorator {
  return jobRoute(
    'Cancel a queued job: refunded in full, its slot freed; again on a cancelled job, the same answer',
    [ApiResponse({ status: 200, description: 'Cancelled: the job\'s envelope as collected, `status: "cancelled"` and its `error`', content: json(ANY_ENVELOPE) })],
    [failure(409, 'The job is running or has ended', 'MessageError')],
  );
}

/** Organization-key routes that are not metered (header key only); with a query DTO, its parameters and a 422 for bad ones. */
export function ApiAccount(summary: string, status: number, schema: SchemaName, query?: QueryDto): MethodDecorator & ClassDecorator {
  const parameters = queryOf(query);
  return applyDecorators(
    ApiTags('account'),
    ApiOperation({ summary }),
    ApiBearerAuth('bearer'),
    ...parameters,
    ApiResponse({ status, description: 'OK', content: json(ref(schema)) }),
    Unauthorized(),
    ...(parameters.length > 0 ? [Invalid()] : []),
  );
}

/** GET /metrics (decisions.md 7.5): Prometheus text, bearer ADMIN_TOKEN (or METRICS_TOKEN); 401 otherwise, and with neither set. */
export function ApiMetrics(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiTags('operations'),
    ApiOperation({ summary: 'Prometheus metrics of this process' }),
    ApiBearerAuth('admin'),
    ApiResponse({ status: 200, description: 'Prometheus text exposition format', content: { 'text/plain': { schema: { type: 'string' } } } }),
    failure(401, 'Missing or wrong admin (or metrics) token, or metrics are off: neither ADMIN_TOKEN nor METRICS_TOKEN is set', 'MessageError'),
  );
}

/** Admin API (decisions.md 4): Bearer ADMIN_TOKEN, 401 otherwise; `notFound` for routes naming an organization or key; `query` its DTO. */
export function ApiAdmin(doc: { summary: string; status: number; schema?: SchemaName; body?: SchemaName; notFound?: boolean; query?: QueryDto; idempotent?: boolean }): MethodDecorator & ClassDecorator {
  const parameters = queryOf(doc.query);
  return applyDecorators(
    ApiTags('admin'),
    ApiOperation({ summary: doc.summary }),
    ApiBearerAuth('admin'),
    // Optional (decisions.md 4): a grant without one is applied as sent.
    ...(doc.idempotent ? [IdempotencyKeyHeader('Replays the first grant instead of moving credits again')] : []),
    ...(doc.body ? [ApiBody({ schema: ref(doc.body) })] : []),
    ...parameters,
    ApiResponse({ status: doc.status, description: 'OK', ...(doc.schema ? { content: json(ref(doc.schema)) } : {}) }),
    failure(401, 'Missing or wrong admin token, or ADMIN_TOKEN unset', 'MessageError'),
    ...(doc.notFound ? [failure(404, 'No such organization or key', 'MessageError')] : []),
    ...(parameters.length > 0 || doc.body ? [Invalid()] : []),
  );
}

/** A page for people (GET /dashboard): HTML, no key to load it (the page signs in with one), 422 for any query parameter. */
export function ApiPage(tag: string, summary: string): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiTags(tag),
    ApiOperation({ summary, security: [] }),
    ApiResponse({ status: 200, description: 'The page', content: HTML }),
    ApiResponse({ status: 422, ...NO_QUERY }),
  );
}
