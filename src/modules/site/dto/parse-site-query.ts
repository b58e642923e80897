import { AppError, FieldErrors, isAppError } from '../../../common/errors/app-error.js';
import { ErrorCode } from '../../../common/errors/error-code.js';
import type { NetworkPolicy } from '../../../infra/network/network-policy.js';
import { parsePathPatterns } from '../../../infra/discovery/path-globs.js';
import { parseCrawlQuery } from '../../crawl/dto/parse-crawl-query.js';
import type { SiteRequest } from '../site-request.js';
import { SITE_DEFAULTS, SiteQuery } from './site-query.dto.js';
import { validateDto } from '../../../common/validation/validate-dto.js';

/** The crawl's own parameters: read here, then left out of what GET /crawl's parser sees. */
const SITE_PARAMS = ['limit', 'max_depth', 'scope', 'include_paths', 'exclude_paths', 'sitemap', 'ignore_query', 'delay', 'max_credits', 'webhook_events'] as const;

/**
 * POST /site (decisions.md 9.3): every page option validated as on GET /crawl (without `output`; `format` markdown by
 * default), and the crawl's own; one 422 names every bad parameter.
 */
export function parseSiteQuery(query: Record<string, unknown>, policy: NetworkPolicy, maxPages: number): SiteRequest {
  const raw = query ?? {};
  const errors: FieldErrors = {};
  if (raw.output !== undefined) errors.output = ['output is not accepted here: site pages are always JSON'];
  const own = ownParams(raw, errors, maxPages);
  const pageQuery = Object.fromEntries(Object.entries(raw).filter(([name]) => !(SITE_PARAMS as readonly string[]).includes(name) && name !== 'output'));
  let page: ReturnType<typeof parseCrawlQuery> | null = null;
  try {
    page = parseCrawlQuery({ format: 'markdown', ...pageQuery, output: 'json' }, policy);
  } catch (error) {
    if (!isAppError(error) || error.code !== ErrorCode.Validation) throw error;
    Object.assign(errors, error.details.errors);
  }
  if (Object.keys(errors).length > 0 || !page || !own) throw AppError.validation(errors);
  return { ...own, page } as SiteRequest;
}

function ownParams(raw: Record<string, unknown>, errors: FieldErrors, maxPages: number): Omit<SiteRequest, 'page'> | null {
  const picked = Object.fromEntries(SITE_PARAMS.filter((name) => raw[name] !== undefined).map((name) => [name, raw[name]]));
  let valid: SiteQuery;
  try {
    valid = validateDto(SiteQuery, picked);
  } catch (error) {
    if (!isAppError(error) || error.code !== ErrorCode.Validation) throw error;
    Object.assign(errors, error.details.errors);
    // The DTO's range is SITE_MAX_PAGES's widest; the bound a caller is told is the one configured.
    if (errors.limit) errors.limit = limitRange(maxPages);
    return null;
  }
  if (valid.limit !== undefined && valid.limit > maxPages) errors.limit = limitRange(maxPages);
  const includePaths = patterns(valid.include_paths, 'include_paths', errors);
  const excludePaths = patterns(valid.exclude_paths, 'exclude_paths', errors);
  if (Object.keys(errors).length > 0) return null;
  return {
    // The default is held to SITE_MAX_PAGES too: a smaller bound configured is the largest limit (decisions 9.8).
    limit: valid.limit ?? Math.min(SITE_DEFAULTS.limit, maxPages),
    maxDepth: valid.max_depth ?? SITE_DEFAULTS.maxDepth,
    scope: valid.scope ?? SITE_DEFAULTS.scope,
    includePaths,
    excludePaths,
    sitemap: valid.sitemap ?? SITE_DEFAULTS.sitemap,
    ignoreQuery: valid.ignore_query ?? false,
    delayMs: valid.delay ?? SITE_DEFAULTS.delayMs,
    maxCredits: valid.max_credits ?? null,
    pageEvents: (valid.webhook_events ?? SITE_DEFAULTS.webhookEvents) !== 'finished',
  };
}

const limitRange = (maxPages: number): string[] => [`limit must be an integer from 1 to ${maxPages}`];

function patterns(text: string | undefined, param: 'include_paths' | 'exclude_paths', errors: FieldErrors): string[] {
  try {
    return parsePathPatterns(text, param);
  } catch (error) {
    if (!isAppError(error) || error.code !== ErrorCode.Validation) throw error;
    Object.assign(errors, error.details.errors);
    return [];
  }
}
