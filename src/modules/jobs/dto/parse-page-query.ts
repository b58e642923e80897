import type { ClassConstructor } from 'class-transformer';
import { AppError } from '../../../common/errors/app-error.js';
import { validateDto } from '../../../common/validation/validate-dto.js';
import type { NetworkPolicy } from '../../../infra/network/network-policy.js';
import { PageQuery } from './page-query.dto.js';
import { PageRequest, toPageRequest } from './page-request.js';

/**
 * GET /crawl and GET /screenshot: validates the route's parameters (422 naming each, an unknown one included) and
 * applies the defaults. Returns the validated query too, for the parameters a route adds to the shared ones.
 */
export function parsePageQuery<T extends PageQuery>(
  query: unknown,
  policy: NetworkPolicy,
  defaults: { images: boolean },
  dto: ClassConstructor<T> = PageQuery as ClassConstructor<T>,
): { request: PageRequest; query: T } {
  const valid = validateDto(dto, query ?? {});
  if (valid.url === undefined || valid.url.trim() === '') throw AppError.field('url', 'url is required');
  const url = policy.checkUrlSyntax(valid.url.trim());
  return { request: toPageRequest(valid, url.href, defaults), query: valid };
}
