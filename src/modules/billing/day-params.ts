import { applyDecorators } from '@nestjs/common';
import { OneRule } from '../../common/validation/one-rule.js';
import { Fallback } from '../../common/validation/single-value.js';
import { isDay } from './usage-range.js';

/** A UTC day written YYYY-MM-DD; `fallback(query)` when absent. One rule: validates, one message, its schema. */
export const DayParam = (fallback: (query: Record<string, unknown>) => string) =>
  applyDecorators(
    Fallback(fallback),
    OneRule({
      name: 'isDay',
      openapi: { type: 'string', format: 'date' },
      problem: (value, property) => (isDay(value) ? null : `${property} must be a date written YYYY-MM-DD`),
    }),
  );

/**
 * On the first day of a range whose last day is the property `end`, both ends included: not after it, and at most
 * `maxDays` days long when given. Silent while either end is not a day (its own rule says so). OpenAPI cannot state a
 * rule between two parameters: the parameter's description says it, from the same constant.
 */
export const RangeStart = ({ end, maxDays = Infinity }: { end: string; maxDays?: number }) =>
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
