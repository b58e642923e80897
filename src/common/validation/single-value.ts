import { applyDecorators } from '@nestjs/common';
import { Expose, Transform } from 'class-transformer';
import { AppError } from '../errors/app-error.js';

/** The message for a query parameter given more than once (the query parser makes it an array), null for one given once. */
export const repeated = (value: unknown, property: string): string | null => (Array.isArray(value) ? `${property} must be given once` : null);

/** The 422 naming every parameter of the query given more than once, null when none was (single-valued-query.interceptor.ts). */
export function repeatedParameters(query: unknown): AppError | null {
  const errors = Object.entries((query ?? {}) as Record<string, unknown>).flatMap(([name, value]): Array<[string, string[]]> => {
    const problem = repeated(value, name);
    return problem ? [[name, [problem]]] : [];
  });
  return errors.length > 0 ? AppError.validation(Object.fromEntries(errors)) : null;
}

/**
 * `fallback(query)` when the parameter is absent (`query`: the parameters as given, for a default that follows another
 * one), else `read(value)`; exposed so that class-transformer runs it on an absent key.
 */
export const Fallback = (fallback: (query: Record<string, unknown>) => unknown, read: (value: unknown) => unknown = (value) => value) =>
  applyDecorators(
    Expose(),
    Transform(({ value, obj }: { value: unknown; obj: Record<string, unknown> }) => (value === undefined ? fallback(obj) : read(value))),
  );
