import { describe, expect, it } from '@jest/globals';
import { integer, joinNegativeNumbers, parseInvocation, UsageError } from './commands.js';

describe('joinNegativeNumbers', () => {
  it('attaches a negative number to the option before it', () => {
    expect(joinNegativeNumbers(['--org', 'x', '--amount', '-50', '--reason', 'fix'])).toEqual(['--org', 'x', '--amount=-50', '--reason', 'fix']);
  });

  it('leaves other arguments alone', () => {
    expect(joinNegativeNumbers(['--amount', '50', '-x'])).toEqual(['--amount', '50', '-x']);
  });
});

describe('integer', () => {
  it('reads whole numbers and leaves anything else as text for the DTO to refuse', () => {
    expect(integer('5000')).toBe(5000);
    expect(integer('-7')).toBe(-7);
    expect(integer('1.5')).toBe('1.5');
    expect(integer(undefined)).toBeUndefined();
  });
});

describe('parseInvocation', () => {
  it('refuses unknown commands, unknown options and stray words', () => {
    expect(() => parseInvocation([])).toThrow(UsageError);
    expect(() => parseInvocation(['org:delete'])).toThrow(UsageError);
    expect(() => parseInvocation(['key:revoke', '--org', 'x'])).toThrow(UsageError);
    expect(() => parseInvocation(['key:create', 'x'])).toThrow(UsageError);
  });

  it('accepts a known command with its options', () => {
    expect(parseInvocation(['credits:grant', '--org', 'o', '--amount', '-5', '--reason', 'r'])).toHaveProperty('run');
  });
});
