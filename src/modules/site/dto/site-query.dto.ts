import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ParamDoc } from '../../../common/openapi/param-doc.js';
import { BooleanText } from '../../../common/validation/boolean-text.js';
import { lastValue, OneOfParam } from '../../../common/validation/query-params.js';
import { IsIntBetween } from '../../../common/validation/validators.js';
import { CrawlQuery } from '../../crawl/dto/crawl-query.dto.js';

export const SCOPES = ['path', 'host', 'domain'] as const;
export const SITEMAP_MODES = ['include', 'skip', 'only'] as const;
/** The contract's two sets of events (9.3); the second written in either order, as a set is. */
export const WEBHOOK_EVENTS = ['finished', 'page,finished', 'finished,page'] as const;

const toInteger = ({ value }: { value: unknown }) => {
  const text = lastValue({ value });
  return text === undefined || text === '' || !/^-?\d+$/.test(String(text)) ? text : Number(text);
};

/** An integer parameter from `min` to `max` (its last value, digits only). */
const IntParam = (min: number, max: number) => applyDecorators(IsOptional(), Transform(toInteger), IsIntBetween(min, max));

/** decisions.md 9.3's defaults of a crawl's own parameters: the parser applies them, the document states them. */
export const SITE_DEFAULTS = { limit: 100, maxDepth: 10, scope: 'path', sitemap: 'include', delayMs: 0, webhookEvents: 'finished' } as const;

/** POST /site (decisions.md 9.3): GET /crawl's page parameters (`output` refused by the parser) and the crawl's own. */
export class SiteQuery extends CrawlQuery {
  @ParamDoc({ description: 'Pages fetched at most, the start page included: 1 to SITE_MAX_PAGES', default: String(SITE_DEFAULTS.limit), example: '100' })
  @IntParam(1, 1_000_000) limit?: number;

  @ParamDoc({ description: 'Link hops from the start page, 0 to 20; sitemap URLs are depth 1', default: String(SITE_DEFAULTS.maxDepth), example: '10' })
  @IntParam(0, 20) max_depth?: number;

  @ParamDoc({ description: 'path (under the start URL\'s directory), host, or domain (and its subdomains)', default: SITE_DEFAULTS.scope, example: 'path' })
  @OneOfParam(SCOPES) scope?: (typeof SCOPES)[number];

  @ParamDoc({ description: 'Comma-separated path globs (* within a segment, ** any segments), anchored; at most 20 of 256 characters', example: '/docs/**' })
  @IsOptional() @Transform(lastValue) @IsString() @MaxLength(6000) include_paths?: string;

  @ParamDoc({ description: 'Comma-separated path globs left out; same rules as include_paths', example: '/docs/old/**' })
  @IsOptional() @Transform(lastValue) @IsString() @MaxLength(6000) exclude_paths?: string;

  @ParamDoc({ description: 'include, skip, or only: the sitemaps\' URLs and not the pages\' links', default: SITE_DEFAULTS.sitemap, example: 'include' })
  @OneOfParam(SITEMAP_MODES) sitemap?: (typeof SITEMAP_MODES)[number];

  @ParamDoc({ description: 'Leave the query string out of the URL key', default: 'false' })
  @IsOptional() @BooleanText() ignore_query?: boolean;

  @ParamDoc({ description: 'At least this long (ms, 0 to 60000) between two requests of the crawl to one host', default: String(SITE_DEFAULTS.delayMs), example: '0' })
  @IntParam(0, 60_000) delay?: number;

  @ParamDoc({ description: 'Stop before a page would take the crawl past this many credits', example: '500' })
  @IntParam(1, 1_000_000_000) max_credits?: number;

  @ParamDoc({ description: 'finished: job.finished only; page,finished: also a site.page event per stored page', default: SITE_DEFAULTS.webhookEvents, example: 'finished' })
  @OneOfParam(WEBHOOK_EVENTS) webhook_events?: (typeof WEBHOOK_EVENTS)[number];
}
