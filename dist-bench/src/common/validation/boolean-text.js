import { Transform } from 'class-transformer';
import { registerDecorator } from 'class-validator';
const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);
const INVALID = Symbol('invalid boolean text');
/** Spec: boolean-like text in any case; anything else is refused (never read as false). */
export function parseBooleanText(value) {
    if (value === undefined)
        return undefined;
    if (typeof value === 'boolean')
        return value;
    const text = String(value).trim().toLowerCase();
    if (TRUE.has(text))
        return true;
    if (FALSE.has(text))
        return false;
    return INVALID;
}
/** A query flag read as boolean text; combine with @IsOptional(). */
export function BooleanText(options) {
    return (target, propertyKey) => {
        Transform(({ value }) => parseBooleanText(Array.isArray(value) ? value[value.length - 1] : value))(target, propertyKey);
        registerDecorator({
            name: 'booleanText',
            target: target.constructor,
            propertyName: propertyKey,
            options: { message: `${String(propertyKey)} must be one of true, false, 1, 0, yes, no, on, off`, ...options },
            validator: { validate: (value) => value === undefined || typeof value === 'boolean' },
        });
    };
}
/** POST /crawl: query booleans accept exactly `true` and `false`. */
export function StrictBoolean(options) {
    return (target, propertyKey) => {
        Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))(target, propertyKey);
        registerDecorator({
            name: 'strictBoolean',
            target: target.constructor,
            propertyName: propertyKey,
            options: { message: `${String(propertyKey)} must be true or false`, ...options },
            validator: { validate: (value) => value === undefined || typeof value === 'boolean' },
        });
    };
}
