import { ValidateBy, type ValidationOptions } from 'class-validator';

/** How many characters a text has, as every "at most N characters" of the contracts counts them: code points. */
export function characterCount(text: string): number {
  return [...text].length;
}

/**
 * At most `max` characters, a character being a Unicode code point, as every "at most N characters" of the contracts
 * is counted (GET /chat's prompt too). class-validator's MaxLength counts otherwise: it leaves variation selectors
 * out, so 999 emoji with their selectors (1,998 code points) passed as 1,000 or fewer.
 */
export function MaxCharacters(max: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({
    name: 'maxCharacters',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || characterCount(value) <= max,
      defaultMessage: (args) => `${args?.property} must be at most ${max} characters`,
    },
  }, options);
}
