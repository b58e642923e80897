import { describe, expect, it } from '@jest/globals';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { AppError } from '../errors/app-error.js';
import { validateDto } from './validate-dto.js';

class Query {
  @IsString()
  url!: string;

  @IsOptional()
  @IsString()
  format?: string;
}

function refusal(input: object, options?: { allowUnknown?: boolean }): unknown {
  try {
    validateDto(Query, input, options);
  } catch (error) {
    return (error as AppError).details.errors;
  }
  return null;
}

/** A query string's object, as the HTTP layer hands it over: any key, `__proto__` included, its own. */
function parsed(pairs: Record<string, string>): object {
  return Object.fromEntries(Object.entries(pairs));
}

describe('validateDto', () => {
  it('refuses an unknown key', () => {
    expect(refusal({ url: 'x', wait_untill: 'load' })).toEqual({ wait_untill: ['wait_untill is not accepted here'] });
  });

  it.each(['toString', 'constructor', 'valueOf', 'hasOwnProperty', '__defineGetter__', '__proto__'])(
    'refuses %s, a name every object inherits, as unknown too (decisions.md 8: never silently ignored)',
    (name) => {
      const input = parsed({ url: 'x' });
      Object.defineProperty(input, name, { value: 'x', enumerable: true, configurable: true, writable: true });
      expect(refusal(input)).toEqual({ [name]: [`${name} is not accepted here`] });
    },
  );

  it('reports an inherited name beside the other errors, and lets it pass where unknown keys may', () => {
    const input = Object.assign(parsed({ format: '1' }), { toString: 'x' });
    expect(refusal(input)).toEqual({ url: ['url must be a string'], toString: ['toString is not accepted here'] });
    expect(refusal(Object.assign(parsed({ url: 'x' }), { toString: 'x' }), { allowUnknown: true })).toBeNull();
  });

  it('says a message shared by several broken rules once', () => {
    class Limit {
      @IsOptional()
      @IsInt({ message: 'limit must be an integer from 1 to 10' })
      @Min(1, { message: 'limit must be an integer from 1 to 10' })
      @Max(10, { message: 'limit must be an integer from 1 to 10' })
      limit?: unknown;
    }
    expect(() => validateDto(Limit, { limit: 'x' })).toThrow(expect.objectContaining({ details: { errors: { limit: ['limit must be an integer from 1 to 10'] } } }));
  });

  it('answers the instance with what it read', () => {
    expect(validateDto(Query, { url: 'x', format: 'text' })).toEqual(Object.assign(new Query(), { url: 'x', format: 'text' }));
  });
});
