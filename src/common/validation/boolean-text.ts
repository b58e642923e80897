import { Transform } from 'class-transformer';
import { registerDecorator, ValidationOptions } from 'class-validator';
import { readBooleanText } from '../../config/boolean-text.js';

const INVALID = Symbol('invalid boolean text');

/** Spec: boolean-like text in any case; anything else is refused (never read as false). */
function parseBooleanText(value: unknown): boolean | typeof INVALID | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'boolean') return value;
  return readBooleanText(String(value)) ?? INVALID;
}

/** A query flag read as boolean text; combine with @IsOptional(). */
export function BooleanText(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyKey: string | symbol) => {
    Transform(({ value }) => parseBooleanText(Array.isArray(value) ? value[value.length - 1] : value))(target, propertyKey);
    registerDecorator({
      name: 'booleanText',
      target: target.constructor,
      propertyName: propertyKey as string,
      options: { message: `${String(propertyKey)} must be one of true, false, 1, 0, yes, no, on, off`, ...options },
      validator: { validate: (value: unknown) => value === undefined || typeof value === 'boolean' },
    });
  };
}

/** POST /crawl: query booleans accept exactly `true` and `false`. */
export function StrictBoolean(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyKey: string | symbol) => {
    Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))(target, propertyKey);
    registerDecorator({
      name: 'strictBoolean',
      target: target.constructor,
      propertyName: propertyKey as string,
      options: { message: `${String(propertyKey)} must be true or false`, ...options },
      validator: { validate: (value: unknown) => value === undefined || typeof value === 'boolean' },
    });
  };
}
