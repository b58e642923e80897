import { AppError } from '../../../common/errors/app-error.js';
const VIEWPORT_FLAGS = ['device_scale_factor', 'mobile', 'landscape', 'touch'];
/** Cross-parameter rules of the spec: `requires viewport`, `city` requires `country`. */
export function crossFieldErrors(query) {
    const errors = {};
    for (const flag of VIEWPORT_FLAGS) {
        if (query[flag] !== undefined && query.viewport === undefined)
            errors[flag] = [`${flag} requires viewport`];
    }
    if (query.city !== undefined && query.country === undefined)
        errors.city = ['city requires country'];
    return errors;
}
export function toPageRequest(query, url, defaults) {
    const errors = crossFieldErrors(query);
    if (Object.keys(errors).length > 0)
        throw AppError.validation(errors);
    const [width, height] = (query.viewport ?? '1920x1080').split('x').map(Number);
    return {
        url,
        aiQuery: (query.ai_query ?? '').trim(),
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
        route: {
            tier: query.premium ? 'premium' : 'standard',
            country: query.country ? query.country.toLowerCase() : null,
            city: query.city ? query.city.toLowerCase() : null,
        },
    };
}
