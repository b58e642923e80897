import { applyDecorators } from '@nestjs/common';
import { OneRule } from '../../../common/validation/one-rule.js';
import { Fallback } from '../../../common/validation/single-value.js';

/** An integer from `min` to `max` written in digits; `fallback` when absent. One rule: validates, one message, its schema. */
export const IntegerParam = ({ min, max, fallback }: { min: number; max: number; fallback: number }) =>
  applyDecorators(
    Fallback(() => fallback, (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value)),
    OneRule({
      name: 'integerParam',
      openapi: { type: 'integer', minimum: min, maximum: max, default: fallback },
      problem: (value, property) => (typeof value === 'number' && value >= min && value <= max ? null : `${property} must be an integer from ${min} to ${max}`),
    }),
  );
