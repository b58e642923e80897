import { describe, expect, it } from '@jest/globals';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body.js';

const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < levels; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
};

describe('nestsDeeperThan', () => {
  it('counts each array or object as a level, scalars as none', () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan({ a: [] }, 1)).toBe(true);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  });

  it('finds the deep branch beside shallow ones', () => {
    expect(nestsDeeperThan({ a: 1, b: [1, 2], c: { d: nested(10) } }, 11)).toBe(true);
    expect(nestsDeeperThan({ a: 1, b: [1, 2], c: { d: nested(10) } }, 12)).toBe(false);
  });

  it('walks a value far deeper than the stack without overflowing', () => {
    expect(nestsDeeperThan(nested(200_000), MAX_JSON_DEPTH)).toBe(true);
  });
});
