import type { FieldErrors } from '../../../common/errors/app-error.js';
import { AppError } from '../../../common/errors/app-error.js';
import type { PageOptions } from '../../../infra/browser/page-options.js';
import type { RouteRequest } from '../operation.js';
import type { ContentChoice } from './content-query.js';
import type { PageQuery, StrictPageQuery } from './page-query.dto.js';
import { geographyErrors, routeRequest } from './route-request.js';
import { viewportBoundsError } from './viewport-bounds.js';

/** The validated, defaulted form of the shared page parameters, as stored in the job row. */
export interface PageRequest {
  readonly url: string;
  readonly page: PageOptions;
  readonly route: RouteRequest;
  readonly aiQuery: string;
  /** GET /crawl and POST /crawl: what of the page the answer holds (decisions.md 8.1); absent elsewhere. */
  readonly content?: ContentChoice;
}

const VIEWPORT_FLAGS = ['device_scale_factor', 'mobile', 'landscape', 'touch'] as const;

/** Cross-parameter rules of the spec: `requires viewport`, `city` requires `country`. */
export function crossFieldErrors(query: PageQuery | StrictPageQuery): FieldErrors {
  const errors: FieldErrors = {};
  for (const flag of VIEWPORT_FLAGS) {
    if (query[flag] !== undefined && query.viewport === undefined) errors[flag] = [`${flag} requires viewport`];
  }
  const outside = query.viewport === undefined ? null : viewportBoundsError(query.viewport);
  if (outside) errors.viewport = [outside];
  return { ...errors, ...geographyErrors(query) };
}

export function toPageRequest(query: PageQuery | StrictPageQuery, url: string, defaults: { images: boolean }): PageRequest {
  const errors = crossFieldErrors(query);
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  const [width, height] = (query.viewport ?? '1920x1080').split('x').map(Number);
  return {
    url,
    aiQuery: ('ai_query' in query ? (query.ai_query ?? '') : '').trim(),
    page: {
      js: query.js ?? true,
      images: query.images ?? defaults.images,
      adblock: query.adblock ?? true,
      waitUntil: query.wait_until ?? 'networkidle0',
      viewport: {
        width,
        height,
        deviceScaleFactor: query.device_scale_factor ?? 1,
        isMobile: query.mobile ?? false,
        isLandscape: query.landscape ?? false,
        hasTouch: query.touch ?? false,
      },
      userAgent: query.user_agent ?? null,
    },
    route: routeRequest(query),
  };
}
