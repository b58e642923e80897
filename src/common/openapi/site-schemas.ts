import type { SchemaObject } from '@nestjs/swagger';
import { JOB_ID_PATTERN } from '../validation/job-id-pattern.js';

/** decisions.md 9.3: the site envelope and its pages (POST /site, GET /crawl/{job} of a site crawl). */
const str: SchemaObject = { type: 'string' };
const int: SchemaObject = { type: 'integer' };
const nullableStr: SchemaObject = { type: 'string', nullable: true };
const time: SchemaObject = { type: 'string', format: 'date-time' };
const object = (properties: Record<string, SchemaObject>): SchemaObject => ({ type: 'object', properties, required: Object.keys(properties) });
const ref = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` }) as SchemaObject;

/** A crawl's counts, in its envelope and its job.finished event. */
export const SITE_COUNTS = object({
  discovered: int, done: int, failed: int,
  skipped: object({ robots: int, scope: int, excluded: int, depth: int, duplicate: int, limit: int }),
});

/** decisions.md 9.3: the site crawl's own stop reason, in its envelope and its job.finished event. */
export const STOP_REASON: SchemaObject = { type: 'string', enum: ['finished', 'limit', 'credits', 'time_limit', 'cancelled', null], nullable: true };

export const SITE_SCHEMAS = {
  SitePage: object({
    url: str, final_url: nullableStr, depth: int, parent: nullableStr, target_status: { type: 'integer', nullable: true },
    credits: { ...int, description: 'What the page cost: 0 when refunded (a failure on our side, a duplicate)' },
    content: { ...nullableStr, description: 'In the crawl\'s format' },
    // OpenAPI 3.0 has no nullable $ref (nullable applies to its own schema's type only, and an allOf of the reference
    // still refuses null): the page's metadata or a null, as two alternatives any 3.0 validator reads alike.
    metadata: { anyOf: [ref('PageMetadata'), { type: 'object', nullable: true, enum: [null] }], description: 'null for a failed or duplicate page' },
    links: { type: 'array', items: ref('PageLink'), nullable: true },
    data: { type: 'object', additionalProperties: true, nullable: true, description: 'Only with extract, ai_query or ai_schema' },
    error: { ...nullableStr, description: 'An error code, or null' },
    duplicate_of: { ...nullableStr, description: 'A redirect onto a page the crawl took already: that page\'s URL' },
  }),
  SiteEnvelope: object({
    job_id: { type: 'string', pattern: JOB_ID_PATTERN },
    kind: { type: 'string', enum: ['site'] },
    url: str, domain: str,
    status: { type: 'string', enum: ['queued', 'running', 'done', 'failed', 'cancelled'] },
    position: { type: 'integer', nullable: true },
    stop_reason: STOP_REASON,
    error: nullableStr,
    created_at: time,
    finished_at: { ...time, nullable: true },
    credits_used: int,
    counts: SITE_COUNTS,
    pages: { type: 'array', items: ref('SitePage'), maxItems: 50, description: 'Stored pages in the order they finished, at most 50 and 10 MiB an answer' },
    next: { ...nullableStr, description: 'The path for the following pages (/crawl/{job}?cursor=...); null once the crawl ended and every page was given' },
  }),
} satisfies Record<string, SchemaObject>;
