import { describe, expect, it } from '@jest/globals';
import { jsonLdText } from './json-ld.js';

const nested = (levels: number) => JSON.parse(`${'['.repeat(levels)}"x"${']'.repeat(levels)}`) as string[];

describe('jsonLdText: a JSON-LD value read as text', () => {
  it('reads a name in an object in an array, and a url by the keys asked', () => {
    expect(jsonLdText([{ name: ' Ann ' }])).toBe('Ann');
    expect(jsonLdText({ '@type': 'ImageObject', url: 'https://x.example/a.png' }, ['url', '@id'])).toBe('https://x.example/a.png');
  });

  it('looks no deeper than a few levels: a value nested 100,000 deep is no text, and no stack overflow', () => {
    expect(jsonLdText(nested(3))).toBe('x');
    expect(jsonLdText(nested(5))).toBeNull();
    expect(jsonLdText(nested(100_000))).toBeNull();
    expect(jsonLdText({ name: { name: { name: { name: { name: 'deep' } } } } })).toBeNull();
  });
});
