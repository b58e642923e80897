import type { FieldErrors } from '../../../common/errors/app-error.js';
import type { RouteRequest } from '../operation.js';

/** The spec's one cross rule on geography, for every route that takes it: `city` requires `country`. */
export function geographyErrors(query: { readonly country?: unknown; readonly city?: unknown }): FieldErrors {
  return query.city !== undefined && query.country === undefined ? { city: ['city requires country'] } : {};
}

/** The pool and the geography a request asked for, lower-cased as the pools and the job row keep them. */
export function routeRequest(query: { readonly premium?: boolean; readonly country?: string; readonly city?: string }): RouteRequest {
  return {
    tier: query.premium ? 'premium' : 'standard',
    country: query.country ? query.country.toLowerCase() : null,
    city: query.city ? query.city.toLowerCase() : null,
  };
}
