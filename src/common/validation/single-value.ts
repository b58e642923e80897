import { applyDecorators } from '@nestjs/common';
import { Expose, Transform } from 'class-transformer';

/**
 * For query parameters that refuse a repeat rather than take its last value (GET /account/usage, /account/jobs,
 * the admin usage report): the message for a repeated one, null for a single one.
 */
export const repeated = (value: unknown, property: string): string | null => (Array.isArray(value) ? `${property} must be given once` : null);

/**
 * `fallback(query)` when the parameter is absent (`query`: the parameters as given, for a default that follows another
 * one), else `read(value)`; exposed so that class-transformer runs it on an absent key.
 */
export const Fallback = (fallback: (query: Record<string, unknown>) => unknown, read: (value: unknown) => unknown = (value) => value) =>
  applyDecorators(
    Expose(),
    Transform(({ value, obj }: { value: unknown; obj: Record<string, unknown> }) => (value === undefined ? fallback(obj) : read(value))),
  );
