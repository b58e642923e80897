import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import { parsePathPatterns, pathMatcher } from './path-globs.js';

const match = (pattern: string, path: string) => pathMatcher([pattern])(path);

// [rule, pattern, paths it matches, paths it does not]
const rules: ReadonlyArray<[string, string, string[], string[]]> = [
  ['is anchored at both ends and case-sensitive', '/docs', ['/docs'], ['/docs/a', '/x/docs', '/Docs']],
  ['* is any run within one segment and never crosses /', '/blog/*', ['/blog/post', '/blog/'], ['/blog/2024/post']],
  ['* is any run within one segment and never crosses /', '/blog/*.html', ['/blog/a.html'], ['/blog/a/b.html']],
  ['* is any run within one segment and never crosses /', '/a*b', ['/ab'], ['/a/b']],
  ['** at the start: any number of segments before', '/**/intro', ['/intro', '/a/intro', '/a/b/c/intro'], ['/a/b/xintro']],
  [
    '** in the middle: any number of segments, none included',
    '/docs/**/api',
    ['/docs/api', '/docs/v1/api', '/docs/v1/x/api'],
    ['/docs/v1/api/x', '/docsapi'],
  ],
  ['** at the end: the directory and everything under it', '/docs/**', ['/docs', '/docs/', '/docs/a/b/c'], ['/docs-old/a']],
  ['** at the end: the directory and everything under it', '/**', ['/anything/at/all'], []],
  ['** inside a segment crosses segments', '/v1**.json', ['/v1/a/b.json'], ['/v2/a.json']],
  ['? [ ] . + ( ) { } | ^ $ \\ are literal', '/a?b', ['/a?b'], ['/axb']],
  ['? [ ] . + ( ) { } | ^ $ \\ are literal', '/[ab]', ['/[ab]'], ['/a']],
  ['? [ ] . + ( ) { } | ^ $ \\ are literal', '/a.html', ['/a.html'], ['/axhtml']],
  ['? [ ] . + ( ) { } | ^ $ \\ are literal', '/a+(b){2}|c^$\\', ['/a+(b){2}|c^$\\'], []],
  ['? [ ] . + ( ) { } | ^ $ \\ are literal', '/é/日本', ['/é/日本'], []],
  ['a character past the BMP is one literal (Z22 F6)', '/😀/*', ['/😀/a'], ['/😁/a', '/a/a']],
];

describe('pathMatcher (decisions 9.1 include_paths / exclude_paths)', () => {
  it.each(rules)('%s: %s', (_rule, pattern, matches, misses) => {
    expect(matches.filter((path) => !match(pattern, path))).toEqual([]);
    expect(misses.filter((path) => match(pattern, path))).toEqual([]);
  });

  it('matches when any pattern matches, never with none', () => {
    expect(pathMatcher(['/a/*', '/b/**'])('/b/c/d')).toBe(true);
    expect(pathMatcher(['/a/*', '/b/**'])('/c')).toBe(false);
    expect(pathMatcher([])('/a')).toBe(false);
  });

  it('answers quickly where a backtracking engine would not', () => {
    const pattern = `/${'a*'.repeat(60)}b`;
    const started = Date.now();
    expect(match(pattern, `/${'a'.repeat(2000)}`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('parsePathPatterns', () => {
  const fieldOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return error instanceof AppError ? Object.keys(error.details.errors ?? {}) : ['not an AppError'];
    }
    return [];
  };

  it('splits on commas and trims; an empty item (two commas, a trailing comma) is a pattern without its / (422)', () => {
    expect(parsePathPatterns(' /a/*, /b/** ', 'include_paths')).toEqual(['/a/*', '/b/**']);
    expect(fieldOf(() => parsePathPatterns('/a/*,,/b', 'include_paths'))).toEqual(['include_paths']);
    expect(fieldOf(() => parsePathPatterns('/a/*,', 'exclude_paths'))).toEqual(['exclude_paths']);
    expect(parsePathPatterns(undefined, 'include_paths')).toEqual([]);
    expect(parsePathPatterns('', 'exclude_paths')).toEqual([]);
  });

  it('refuses a pattern not starting with /, more than 20, or one over 256 characters, on its parameter', () => {
    expect(fieldOf(() => parsePathPatterns('docs/*', 'include_paths'))).toEqual(['include_paths']);
    expect(fieldOf(() => parsePathPatterns(Array(21).fill('/a').join(','), 'exclude_paths'))).toEqual(['exclude_paths']);
    expect(fieldOf(() => parsePathPatterns(Array(20).fill('/a').join(','), 'exclude_paths'))).toEqual([]);
    expect(fieldOf(() => parsePathPatterns(`/${'a'.repeat(256)}`, 'include_paths'))).toEqual(['include_paths']);
    expect(fieldOf(() => parsePathPatterns(`/${'a'.repeat(255)}`, 'include_paths'))).toEqual([]);
  });
});
