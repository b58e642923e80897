import { describe, expect, it } from '@jest/globals';
import { outputBytes } from './output-bytes.js';

describe('outputBytes: the one measure of MAX_PAGE_BYTES (issue 38 item 4)', () => {
  it.each([
    ['', 2],
    ['a', 3],
    ['é', 4],
    ['€', 5],
    ['"\n', 6],
    ['\u0001', 8],
  ])('counts %j as the UTF-8 bytes of its JSON: %i', (text, bytes) => {
    expect(outputBytes(text)).toBe(bytes);
    // What the in-page readers write (TextEncoder over JSON.stringify) is the same number.
    expect(new TextEncoder().encode(JSON.stringify(text)).length).toBe(bytes);
  });

  it('counts any JSON value as stored', () => {
    expect(outputBytes({ items: [{ a: '' }], pages: 1 })).toBe(JSON.stringify({ items: [{ a: '' }], pages: 1 }).length);
    expect(outputBytes(null)).toBe(4);
  });
});
