import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { AppError, FieldErrors } from '../errors/app-error.js';

/** class-validator's "property x should not exist", said the way a caller reads it. */
function messagesOf(property: string, constraints: Record<string, string>): string[] {
  return Object.entries(constraints).map(([name, message]) => (name === 'whitelistValidation' ? notAccepted(property) : message));
}

function collect(errors: ValidationError[], prefix: string, into: FieldErrors): FieldErrors {
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    // Each message once: rules that share one (an integer, at least 1, at most N) say it once.
    if (error.constraints) into[path] = [...new Set([...(into[path] ?? []), ...messagesOf(error.property, error.constraints)])];
    if (error.children?.length) collect(error.children, path, into);
  }
  return into;
}

/** Turns class-validator errors into the 422 `errors` map, keyed by parameter path (`blocks.2.details.selector`). */
export function toFieldErrors(errors: ValidationError[]): FieldErrors {
  return collect(errors, '', {});
}

function assertObject(input: unknown): asserts input is object {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw AppError.field('body', 'must be a JSON object');
}

/** How an unknown parameter or field is refused, one message wherever it is met. */
export const notAccepted = (name: string): string => `${name} is not accepted here`;

/** The 422 of a query or body that takes nothing given some (null when nothing was), each named. */
export function refusedParameters(given: unknown): AppError | null {
  const names = Object.keys(given ?? {});
  return names.length > 0 ? AppError.validation(Object.fromEntries(names.map((name) => [name, [notAccepted(name)]]))) : null;
}

/** The body of a call that takes none: absent or `{}`; each field given is refused (422). */
export function assertNoFields(body: unknown): void {
  if (body === null || body === undefined) return;
  assertObject(body);
  const refused = refusedParameters(body);
  if (refused) throw refused;
}

/** Validates plain input against a DTO class; unknown properties are refused. Throws the 422 AppError. */
export function validateDto<T extends object>(dto: ClassConstructor<T>, input: unknown, options: { allowUnknown?: boolean } = {}): T {
  assertObject(input);
  const instance = plainToInstance(dto, input);
  const errors = toFieldErrors(
    validateSync(instance, {
      whitelist: true,
      forbidNonWhitelisted: !options.allowUnknown,
      forbidUnknownValues: true,
    }),
  );
  if (!options.allowUnknown) {
    // Defined, not assigned: `errors.__proto__ = ...` would set the map's prototype.
    for (const name of unread(input, instance)) Object.defineProperty(errors, name, { value: [notAccepted(name)], enumerable: true, writable: true, configurable: true });
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  return instance;
}

/**
 * Keys of the input that never reached the instance: class-transformer leaves out a key the instance already has a
 * function under (`toString`, `constructor`, `__proto__`...), so class-validator's whitelist never sees it. Unknown
 * like any other (decisions.md 8: never silently ignored).
 */
function unread(input: object, instance: object): string[] {
  return Object.keys(input).filter((name) => !Object.hasOwn(instance, name));
}
