import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import { parsePathPatterns, pathMatcher } from './path-globs.js';

const match = (pattern: string, path: string) => pathMatcher([pattern])(path);

describe('pathMatcher (decisions 9.1 include_paths / exclude_paths)', () => {
  it('is anchored at both ends and case-sensitive', () => {
    expect(match('/docs', '/docs')).toBe(true);
    expect(match('/docs', '/docs/a')).toBe(false);
    expect(match('/docs', '/x/docs')).toBe(false);
    expect(match('/docs', '/Docs')).toBe(false);
  });

  it('* is any run within one segment and never crosses /', () => {
    expect(match('/blog/*', '/blog/post')).toBe(true);
    expect(match('/blog/*', '/blog/')).toBe(true);
    expect(match('/blog/*', '/blog/2024/post')).toBe(false);
    expect(match('/blog/*.html', '/blog/a.html')).toBe(true);
    expect(match('/blog/*.html', '/blog/a/b.html')).toBe(false);
    expect(match('/a*b', '/ab')).toBe(true);
    expect(match('/a*b', '/a/b')).toBe(false);
  });

  it('** at the start: any number of segments before', () => {
    expect(match('/**/intro', '/intro')).toBe(true);
    expect(match('/**/intro', '/a/intro')).toBe(true);
    expect(match('/**/intro', '/a/b/c/intro')).toBe(true);
    expect(match('/**/intro', '/a/b/xintro')).toBe(false);
  });

  it('** in the middle: any number of segments, none included', () => {
    expect(match('/docs/**/api', '/docs/api')).toBe(true);
    expect(match('/docs/**/api', '/docs/v1/api')).toBe(true);
    expect(match('/docs/**/api', '/docs/v1/x/api')).toBe(true);
    expect(match('/docs/**/api', '/docs/v1/api/x')).toBe(false);
    expect(match('/docs/**/api', '/docsapi')).toBe(false);
  });

  it('** at the end: the directory and everything under it', () => {
    expect(match('/docs/**', '/docs')).toBe(true);
    expect(match('/docs/**', '/docs/')).toBe(true);
    expect(match('/docs/**', '/docs/a/b/c')).toBe(true);
    expect(match('/docs/**', '/docs-old/a')).toBe(false);
    expect(match('/**', '/anything/at/all')).toBe(true);
  });

  it('** inside a segment crosses segments', () => {
    expect(match('/v1**.json', '/v1/a/b.json')).toBe(true);
    expect(match('/v1**.json', '/v2/a.json')).toBe(false);
  });

  it('? [ ] . + ( ) { } | ^ $ \\ are literal', () => {
    expect(match('/a?b', '/a?b')).toBe(true);
    expect(match('/a?b', '/axb')).toBe(false);
    expect(match('/[ab]', '/[ab]')).toBe(true);
    expect(match('/[ab]', '/a')).toBe(false);
    expect(match('/a.html', '/a.html')).toBe(true);
    expect(match('/a.html', '/axhtml')).toBe(false);
    expect(match('/a+(b){2}|c^$\\', '/a+(b){2}|c^$\\')).toBe(true);
    expect(match('/é/日本', '/é/日本')).toBe(true);
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

  it('splits on commas and trims', () => {
    expect(parsePathPatterns(' /a/*, /b/** ,', 'include_paths')).toEqual(['/a/*', '/b/**']);
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
