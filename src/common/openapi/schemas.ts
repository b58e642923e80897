import type { SchemaObject } from '@nestjs/swagger';
import { ErrorCode } from '../errors/error-code.js';
import { JOB_ID_PATTERN } from '../validation/job-id-pattern.js';
import { RECIPE_SCHEMAS } from './recipe-schemas.js';
import { SITE_COUNTS, SITE_SCHEMAS, STOP_REASON } from './site-schemas.js';
import { PLAN_NAMES } from '../../config/json-files.js';

/** Named schemas of the public JSON (service-spec.md, decisions.md 2 to 4 and 7), referenced by the route decorators. */
const str: SchemaObject = { type: 'string' };
const int: SchemaObject = { type: 'integer' };
const bool: SchemaObject = { type: 'boolean' };
const nullableStr: SchemaObject = { type: 'string', nullable: true };
const time: SchemaObject = { type: 'string', format: 'date-time' };
const object = (properties: Record<string, SchemaObject>, required: string[] = Object.keys(properties)): SchemaObject =>
  required.length > 0 ? { type: 'object', properties, required } : { type: 'object', properties };
export const ref = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` }) as SchemaObject;

const JOB_FIELDS: Record<string, SchemaObject> = {
  job_id: { type: 'string', pattern: JOB_ID_PATTERN },
  status: { type: 'string', enum: ['queued', 'running', 'done', 'failed', 'cancelled'] },
  position: { type: 'integer', minimum: 1, nullable: true, description: '1-based while queued, else null' },
  error: { ...nullableStr, description: 'Why the job failed or was cancelled; null unless status is failed or cancelled' },
  debug: {
    ...object({
      url: str, screenshot: { type: 'string', format: 'byte', description: "Base64 JPEG thumbnail of the viewport; '' when none was taken" },
      html: str, captured_at: time, truncated: bool,
    }, ['url', 'screenshot', 'html', 'captured_at']),
    nullable: true,
    description: 'While running: the live tab, or the page the job read once it gave the tab back; null while queued and once ended',
  },
};
const CREDITS: Record<string, SchemaObject> = {
  credits_charged: { ...int, description: 'Metered answers only: 0 on a refunded failure' },
  credits_remaining: { ...int, description: 'Metered answers only' },
};

const source = object({ attribution: str, url: str });

export const SCHEMAS = {
  MessageError: object({ message: str }),
  ValidationError: object({
    message: str,
    errors: { type: 'object', additionalProperties: { type: 'array', items: str }, description: 'Messages by parameter, body path or header' },
  }),
  ServiceError: object({
    error: object({ code: { type: 'string', enum: Object.values(ErrorCode) }, message: str, request_id: str, billed: { type: 'boolean', enum: [false] } }),
  }),
  CrawlEnvelope: {
    ...object(
      {
        url: str, domain: str, premium: bool, js: bool, ai_query: str, city: { ...str, description: 'GET /crawl only: the city targeted, "" without one' },
        data: {
          type: 'object',
          properties: {
            answer: { ...str, description: 'The answer to ai_query (not with ai_schema)' },
            extracted: { type: 'object', additionalProperties: true, nullable: true, description: 'The values of the extract rules, by name (null for a PDF)' },
            json: { type: 'object', additionalProperties: true, description: 'The model\'s answer, conforming to ai_schema' },
          },
          description: '{answer} with ai_query, {extracted} with extract, {json} with ai_schema; a recipe\'s {items, pages} or {fields, pages}, plus screenshots, contents and evaluations when such blocks ran',
        },
        content: { ...str, description: 'output=json: the page in the format asked (of a recipe, the page its blocks ended on)' },
        metadata: { ...ref('PageMetadata'), description: 'output=json: of the same page as content' },
        links: { type: 'array', items: ref('PageLink'), maxItems: 1000, description: 'output=json: every http(s) link of the same page as content, absolute, once' },
        ...CREDITS, ...JOB_FIELDS,
      },
      ['url', 'domain', 'premium', 'js', 'ai_query', 'data', 'job_id', 'status', 'position', 'error', 'debug'],
    ),
    description: 'GET /crawl with ai_query, extract, ai_schema or output=json, POST /crawl with more than a start block or output=json, and every 202 and 500 of both',
  },
  PageMetadata: object(
    {
      title: nullableStr, description: nullableStr, language: nullableStr, author: nullableStr, published_time: nullableStr,
      site_name: nullableStr, canonical_url: nullableStr, image: nullableStr,
      word_count: { ...int, description: 'Words of content as text' },
      content_type: { type: 'string', enum: ['application/pdf'], description: 'A PDF read as a document only (decisions 9.5)' },
      pages: { ...int, description: 'A PDF only: its pages' },
      pages_read: { ...int, description: 'A PDF only: the pages read (at most PDF_MAX_PAGES)' },
      truncated: { ...bool, description: 'A PDF only: true when pages were left unread' },
      cached_at: { type: 'string', format: 'date-time', description: 'Answered from a stored copy (max_age): when its page was fetched' },
    },
    ['title', 'description', 'language', 'author', 'published_time', 'site_name', 'canonical_url', 'image', 'word_count'],
  ),
  PageLink: object({ url: { type: 'string', format: 'uri' }, text: str }),
  ScreenshotEnvelope: object(
    {
      url: str, domain: str,
      screenshot: { type: 'string', format: 'byte', nullable: true, description: 'Base64 JPEG; null on 202, 500 and collection' },
      ai_query: str,
      data: { type: 'object', properties: { url: str, answer: str, screenshots: { type: 'array', items: { type: 'string', format: 'byte' } } }, required: ['url'] },
      ...CREDITS, ...JOB_FIELDS,
    },
    ['url', 'domain', 'screenshot', 'ai_query', 'data', 'job_id', 'status', 'position', 'error', 'debug'],
  ),
  MapLink: object({
    url: { type: 'string', format: 'uri', description: 'The first URL seen for its key, without its fragment' },
    source: { type: 'string', enum: ['sitemap', 'page'] },
    lastmod: { ...nullableStr, description: 'The sitemap\'s <lastmod> as written; null for page links' },
  }),
  MapEnvelope: object(
    {
      url: str, domain: str,
      data: {
        ...object({
          links: { type: 'array', items: ref('MapLink'), maxItems: 30000, description: 'Unique by URL key: sitemap ones first in sitemap order, then page links in document order, cut at limit' },
          sitemaps: { type: 'array', items: str, description: 'The sitemap files read' },
          skipped: object({ robots: int, scope: int, excluded: int, duplicate: int }),
          truncated: { ...bool, description: 'Links were left out: cut at limit, or a sitemap bound (50,000 URLs, 50 MiB, indexes nested 3 levels) reached' },
        }),
        nullable: true,
        description: 'null until done, and on failure',
      },
      ...CREDITS, ...JOB_FIELDS,
    },
    ['url', 'domain', 'data', 'job_id', 'status', 'position', 'error', 'debug'],
  ),
  ChatNode: {
    type: 'object',
    required: ['type'],
    properties: {
      type: { type: 'string', enum: ['paragraph', 'heading', 'bullet_list', 'ordered_list', 'table', 'product_list', 'code'] },
      text: str, level: int, language: str,
      sources: { type: 'array', items: source },
      items: { type: 'array', items: { type: 'object', properties: { text: str, name: str, price: str, url: str, image: str, rating: str, sources: { type: 'array', items: source } } } },
      headers: { type: 'array', items: str },
      rows: { type: 'array', items: { type: 'array', items: str } },
    },
  },
  ChatTurn: {
    type: 'object',
    required: ['role'],
    properties: { role: { type: 'string', enum: ['user', 'assistant'] }, message: str, response: { type: 'array', items: ref('ChatNode') } },
  },
  ChatEnvelope: object(
    {
      prompt: str,
      conversation: { type: 'array', items: ref('ChatTurn'), description: 'Metered answers' },
      data: { type: 'array', items: object({ prompt: str, conversation: { type: 'array', items: ref('ChatTurn') } }), description: 'Collection only' },
      ...CREDITS, ...JOB_FIELDS,
    },
    ['prompt', 'job_id', 'status', 'position', 'error', 'debug'],
  ),
  Account: object({
    organization: object({ id: str, name: str }),
    plan: { type: 'string', enum: [...PLAN_NAMES] },
    credits_remaining: int,
    monthly_allowance: int,
    concurrency: object({ limit: int, in_use: int }),
    burst: int,
    daily_limit: object({ limit: { type: 'integer', nullable: true }, used: int }),
    usage: object({ today: object({ requests: int, credits: int }), month: object({ requests: int, credits: int }) }),
  }),
  WebhookSecret: object({ secret: { type: 'string', description: 'Signs X-Crawlgate-Signature; replaces the previous secret' } }),
  WebhookEvent: {
    oneOf: [ref('JobFinishedEvent'), ref('SitePageEvent')],
    description: 'POSTed to webhook_url, with X-Crawlgate-Delivery (the same on every attempt) and X-Crawlgate-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">',
  },
  JobFinishedEvent: {
    ...object(
      {
        event: { type: 'string', enum: ['job.finished'] }, job_id: str, kind: { type: 'string', enum: ['crawl', 'screenshot', 'recipe', 'chat', 'map', 'site'] },
        status: { type: 'string', enum: ['done', 'failed', 'cancelled'] }, error: nullableStr, finished_at: time,
        stop_reason: { ...STOP_REASON, description: 'A site crawl\'s only' }, counts: { ...SITE_COUNTS, description: 'A site crawl\'s only' },
      },
      ['event', 'job_id', 'kind', 'status', 'error', 'finished_at'],
    ),
    description: 'The job ended (a site crawl: after its site.page events)',
  },
  SitePageEvent: {
    ...object({ event: { type: 'string', enum: ['site.page'] }, job_id: str, url: str, target_status: { type: 'integer', nullable: true }, error: nullableStr, cursor: str }),
    description: 'A site crawl\'s page was stored (webhook_events=page,finished): `cursor` collects the pages from this one on',
  },
  ...RECIPE_SCHEMAS,
  ...SITE_SCHEMAS,
  Organization: object({ id: str, name: str, plan: str, credits_remaining: int, concurrency: int, daily_limit: { type: 'integer', nullable: true } }),
  CreatedOrganization: object({ id: str, name: str, plan: str, credits_remaining: int, api_key: str, api_key_id: str }),
  CreateOrganizationBody: object({ name: { type: 'string', maxLength: 200 }, plan: { type: 'string', enum: [...PLAN_NAMES] }, credits: { type: 'integer', minimum: 0 } }, ['name']),
  UpdateOrganizationBody: object({
    plan: { type: 'string', enum: [...PLAN_NAMES] },
    concurrency: { type: 'integer', minimum: 1, nullable: true, description: 'null: the plan\'s' },
    daily_limit: { description: 'an integer, "unlimited", or null for the plan\'s', oneOf: [{ type: 'integer', minimum: 0, nullable: true }, { type: 'string', enum: ['unlimited'] }] },
  }, []),
  ApiKeyCreated: object({ id: str, api_key: str }),
  GrantCreditsBody: object({ amount: { type: 'integer', description: 'Negative corrects' }, reason: str }),
  CreditGrant: object({ entry_id: str, credits_remaining: int }),
  Ledger: object({ entries: { type: 'array', items: object({ id: str, amount: int, balance_after: int, reason: str, job_id: str, created_at: time }, ['id', 'amount', 'balance_after', 'reason', 'created_at']) } }),
  AccountJobs: object({
    jobs: {
      type: 'array',
      description: 'Newest first',
      items: object({
        job_id: str, kind: str, status: { type: 'string', enum: ['queued', 'running', 'done', 'failed', 'cancelled'] }, host: str,
        credits: { ...int, description: 'The price, or 0 once refunded' }, created_at: time, finished_at: { ...time, nullable: true }, error: nullableStr,
      }),
    },
  }),
  Usage: object(
    {
      days: { type: 'array', items: object({ date: { type: 'string', format: 'date' }, host: str, crawls: int, attempts: int, credits: int }) },
      truncated: { type: 'boolean', enum: [true], description: 'GET /account/usage: only the newest days\' first 5000 rows are given' },
    },
    ['days'],
  ),
  CreateUserBody: object({ email: { type: 'string', format: 'email' }, organization_id: str }),
  UserCreated: object({ id: str, token: str }),
  Health: { type: 'object', required: ['status'], properties: { status: str, info: { type: 'object' }, error: { type: 'object' }, details: { type: 'object' } } },
} satisfies Record<string, SchemaObject>;

export type SchemaName = keyof typeof SCHEMAS;
