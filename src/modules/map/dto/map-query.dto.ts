import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ParamDoc } from '../../../common/openapi/param-doc.js';
import { BooleanText } from '../../../common/validation/boolean-text.js';
import { lastValue, OneOfParam, UserAgentParam } from '../../../common/validation/query-params.js';
import { WAIT_UNTIL, type WaitUntil } from '../../../infra/browser/page-options.js';
import { SITE_SCOPES, type SiteScope } from '../../../infra/discovery/scope.js';
import { GeographyQuery } from '../../jobs/dto/geography-query.dto.js';

export const MAP_LIMIT = { min: 1, max: 30_000, default: 5_000 } as const;
export const SITEMAP_MODES = ['include', 'skip', 'only'] as const;
export type SitemapMode = (typeof SITEMAP_MODES)[number];

const LIMIT_RANGE = `limit must be an integer from ${MAP_LIMIT.min} to ${MAP_LIMIT.max}`;
const toInteger = ({ value }: { value: unknown }) => {
  const text = lastValue({ value });
  return typeof text === 'string' && /^-?\d+$/.test(text.trim()) ? Number(text) : text;
};

/** GET /map (decisions.md 9.2): the start URL, the discovery rules of 9.1, and the fetch options of the start page. */
export class MapQuery extends GeographyQuery {
  @ParamDoc({ description: 'The start page, http or https', required: true, format: 'uri' })
  @IsOptional() @Transform(lastValue) @IsString() @MaxLength(8192)
  url?: string;

  @ParamDoc({ description: `Most links answered, ${MAP_LIMIT.min} to ${MAP_LIMIT.max} (default ${MAP_LIMIT.default}); cut ones set data.truncated` })
  @IsOptional() @Transform(toInteger) @IsInt({ message: LIMIT_RANGE }) @Min(MAP_LIMIT.min, { message: LIMIT_RANGE }) @Max(MAP_LIMIT.max, { message: LIMIT_RANGE })
  limit?: number;

  @ParamDoc('path (default): the start URL\'s host and the paths under its directory; host: the whole host; domain: the registrable domain and its subdomains')
  @OneOfParam(SITE_SCOPES)
  scope?: SiteScope;

  @ParamDoc({ description: 'Comma-separated path globs (at most 20, 256 characters each, starting with /): `*` within a segment, `**` any segments; only matching URLs are taken (the start URL exempt)', example: '/docs/**' })
  @IsOptional() @Transform(lastValue) @IsString()
  include_paths?: string;

  @ParamDoc({ description: 'Comma-separated path globs (as include_paths) whose URLs are skipped (the start URL exempt)', example: '/blog/*,/**/print' })
  @IsOptional() @Transform(lastValue) @IsString()
  exclude_paths?: string;

  @ParamDoc('include (default): sitemaps and the start page\'s links; skip: the links only; only: the sitemaps only')
  @OneOfParam(SITEMAP_MODES)
  sitemap?: SitemapMode;

  @ParamDoc('Leave the query string out of the URL key (default true): URLs differing only in it are one')
  @IsOptional() @BooleanText() ignore_query?: boolean;

  @ParamDoc('Premium proxy pool') @IsOptional() @BooleanText() premium?: boolean;
  @ParamDoc('Render the start page with JavaScript (default false here)') @IsOptional() @BooleanText() js?: boolean;
  @ParamDoc('Load images') @IsOptional() @BooleanText() images?: boolean;
  @ParamDoc('Block ads and trackers') @IsOptional() @BooleanText() adblock?: boolean;

  @ParamDoc('When the start page counts as loaded')
  @OneOfParam(WAIT_UNTIL)
  wait_until?: WaitUntil;

  @ParamDoc('User-Agent to send')
  @UserAgentParam()
  user_agent?: string;
}
