import { applyDecorators } from '@nestjs/common';
import { Expose, Transform } from 'class-transformer';
import { OneRule } from '../../../common/validation/one-rule.js';
import { isDay } from '../../admin/usage-range.js';

/**
 * The rules of GET /account/usage and GET /account/jobs (decisions.md 7.5), each one decorator that validates, says
 * one message, and states its OpenAPI schema. These routes refuse a repeated parameter rather than take its last value.
 */
const repeated = (value: unknown, property: string) => (Array.isArray(value) ? `${property} must be given once` : null);

/** The value when the parameter is absent (exposed so that class-transformer runs it on an absent key). */
const Fallback = (fallback: () => unknown, read: (value: unknown) => unknown = (value) => value) =>
  applyDecorators(Expose(), Transform(({ value }: { value: unknown }) => (value === undefined ? fallback() : read(value))));

/** A UTC day written YYYY-MM-DD, given once; `fallback()` when absent. */
export const DayParam = (fallback: () => string) =>
  applyDecorators(
    Fallback(fallback),
    OneRule({
      name: 'isDay',
      openapi: { type: 'string', format: 'date' },
      problem: (value, property) => repeated(value, property) ?? (isDay(value) ? null : `${property} must be a date written YYYY-MM-DD`),
    }),
  );

/** An integer from `min` to `max` written in digits, given once; `fallback` when absent. */
export const IntegerParam = ({ min, max, fallback }: { min: number; max: number; fallback: number }) =>
  applyDecorators(
    Fallback(() => fallback, (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value)),
    OneRule({
      name: 'integerParam',
      openapi: { type: 'integer', minimum: min, maximum: max, default: fallback },
      problem: (value, property) =>
        repeated(value, property) ?? (typeof value === 'number' && value >= min && value <= max ? null : `${property} must be an integer from ${min} to ${max}`),
    }),
  );

/**
 * On the first day of a range whose last day is the property `end`: not after it, and at most `maxDays` days long,
 * both ends included. Silent while either end is not a day (their own rule says so). OpenAPI cannot state a rule
 * between two parameters: the parameter's description does, from the same constant.
 */
export const RangeStart = ({ end, maxDays }: { end: string; maxDays: number }) =>
  OneRule({
    name: 'rangeStart',
    openapi: {},
    problem: (from, property, object) => {
      const to = object[end];
      if (!isDay(from) || !isDay(to)) return null;
      if (from > to) return `${property} must not be after ${end}`;
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
      return days > maxDays ? `the range must not be longer than ${maxDays} days` : null;
    },
  });
