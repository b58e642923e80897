import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AppError } from '../errors/app-error.js';
function collect(errors, prefix, into) {
    for (const error of errors) {
        const path = prefix ? `${prefix}.${error.property}` : error.property;
        if (error.constraints)
            into[path] = [...(into[path] ?? []), ...Object.values(error.constraints)];
        if (error.children?.length)
            collect(error.children, path, into);
    }
    return into;
}
/** Turns class-validator errors into the 422 `errors` map, keyed by parameter path (`blocks.2.details.selector`). */
export function toFieldErrors(errors) {
    return collect(errors, '', {});
}
/** Validates plain input against a DTO class; unknown properties are refused. Throws the 422 AppError. */
export function validateDto(dto, input, options = {}) {
    if (input === null || typeof input !== 'object' || Array.isArray(input))
        throw AppError.field('body', 'must be a JSON object');
    const instance = plainToInstance(dto, input);
    const errors = validateSync(instance, {
        whitelist: true,
        forbidNonWhitelisted: !options.allowUnknown,
        forbidUnknownValues: true,
    });
    if (errors.length > 0)
        throw AppError.validation(toFieldErrors(errors));
    return instance;
}
