import type { SchemaObject } from '@nestjs/swagger';
import { registerDecorator } from 'class-validator';

/** A property's rule that says one thing when it fails, whatever is wrong (never "missing" and "too long" at once). */
export interface OneRuleSpec {
  readonly name: string;
  /** What the rule says in the OpenAPI document; src/common/openapi/query-parameters.ts reads it from here. */
  readonly openapi: SchemaObject;
  /** What is wrong with `value`, as the caller reads it; null when nothing is. `object` holds the other properties. */
  readonly problem: (value: unknown, property: string, object: Record<string, unknown>) => string | null;
}

/** Registers a OneRuleSpec on a property: its problem is the 422 message, its schema the OpenAPI one. */
export function OneRule(spec: OneRuleSpec): PropertyDecorator {
  return (target: object, propertyKey: string | symbol) => {
    const property = propertyKey as string;
    const problemOf = (value: unknown, object: object) => spec.problem(value, property, object as Record<string, unknown>);
    registerDecorator({
      name: spec.name,
      target: target.constructor,
      propertyName: property,
      constraints: [{ openapi: spec.openapi }],
      validator: {
        validate: (value: unknown, args) => problemOf(value, args?.object ?? {}) === null,
        defaultMessage: (args) => problemOf(args?.value, args?.object ?? {}) ?? `${property} is invalid`,
      },
    });
  };
}
