import { AppError } from '../../../common/errors/app-error.js';
import { validateDto } from '../../../common/validation/validate-dto.js';
import { PageQuery } from './page-query.dto.js';
import { toPageRequest } from './page-request.js';
/** GET /crawl and GET /screenshot: validates the shared parameters (422 naming each) and applies the defaults. */
export function parsePageQuery(query, policy, defaults) {
    const dto = validateDto(PageQuery, query ?? {}, { allowUnknown: true });
    if (dto.url === undefined || dto.url.trim() === '')
        throw AppError.field('url', 'url is required');
    const url = policy.checkUrlSyntax(dto.url.trim());
    return toPageRequest(dto, url.href, defaults);
}
