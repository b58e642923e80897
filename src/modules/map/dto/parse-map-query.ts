import { AppError, type FieldErrors } from '../../../common/errors/app-error.js';
import { isAppError } from '../../../common/errors/app-error.js';
import { validateDto } from '../../../common/validation/validate-dto.js';
import { parsePathPatterns, type PathPatternParam } from '../../../infra/discovery/path-globs.js';
import type { NetworkPolicy } from '../../../infra/network/network-policy.js';
import { geographyErrors, routeRequest } from '../../jobs/dto/route-request.js';
import type { MapRequest } from '../map-request.js';
import { MAP_LIMIT, MapQuery } from './map-query.dto.js';

/** GET /map: validates the parameters (one 422 naming each bad one) and applies 9.2's defaults. */
export function parseMapQuery(query: Record<string, unknown>, policy: NetworkPolicy): MapRequest {
  const valid = validateDto(MapQuery, query ?? {});
  const errors: FieldErrors = { ...geographyErrors(valid) };
  const patterns = (param: PathPatternParam, text: string | undefined): string[] => {
    try {
      return parsePathPatterns(text, param);
    } catch (error) {
      if (!isAppError(error)) throw error;
      Object.assign(errors, error.details.errors);
      return [];
    }
  };
  const includePaths = patterns('include_paths', valid.include_paths);
  const excludePaths = patterns('exclude_paths', valid.exclude_paths);
  if (valid.url === undefined || valid.url.trim() === '') errors.url = ['url is required'];
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  const url = policy.checkUrlSyntax(valid.url!.trim()).href;
  return {
    url,
    aiQuery: '',
    page: {
      js: valid.js ?? false,
      images: valid.images ?? false,
      adblock: valid.adblock ?? true,
      waitUntil: valid.wait_until ?? 'networkidle0',
      viewport: { width: 1920, height: 1080, deviceScaleFactor: 1, isMobile: false, isLandscape: false, hasTouch: false },
      userAgent: valid.user_agent ?? null,
    },
    route: routeRequest(valid),
    limit: valid.limit ?? MAP_LIMIT.default,
    scope: valid.scope ?? 'path',
    includePaths,
    excludePaths,
    sitemap: valid.sitemap ?? 'include',
    ignoreQuery: valid.ignore_query ?? true,
  };
}
