import { describe, expect, it } from '@jest/globals';
import { scopeMatcher } from './scope.js';

const matches = (start: string, scope: 'path' | 'host' | 'domain', url: string) =>
  scopeMatcher(new URL(start), scope)(new URL(url));

describe('scopeMatcher (decisions 9.1 scope)', () => {
  const start = 'https://docs.example.com/docs/guide/intro';

  it('path: paths under the start URL directory, on segment boundaries', () => {
    expect(matches(start, 'path', 'https://docs.example.com/docs/guide/intro')).toBe(true);
    expect(matches(start, 'path', 'https://docs.example.com/docs/guide/a/b')).toBe(true);
    expect(matches(start, 'path', 'https://docs.example.com/docs/guide/')).toBe(true);
    expect(matches(start, 'path', 'https://docs.example.com/docs/guide')).toBe(true);
    expect(matches(start, 'path', 'https://docs.example.com/docs/guide-old')).toBe(false);
    expect(matches(start, 'path', 'https://docs.example.com/docs/guide-old/x')).toBe(false);
    expect(matches(start, 'path', 'https://docs.example.com/docs/other')).toBe(false);
    expect(matches(start, 'path', 'https://docs.example.com/')).toBe(false);
  });

  it('path: a start URL ending in a slash is its own directory', () => {
    expect(matches('https://x.example/docs/', 'path', 'https://x.example/docs/a')).toBe(true);
    expect(matches('https://x.example/docs/', 'path', 'https://x.example/docsx')).toBe(false);
  });

  it('path: compares percent-normalized paths and keeps their case', () => {
    expect(matches(start, 'path', 'https://docs.example.com/docs/%67uide/x')).toBe(true);
    expect(matches(start, 'path', 'https://docs.example.com/Docs/guide/x')).toBe(false);
  });

  it('path and host: http and https of one host are one site; another port or host is not', () => {
    for (const scope of ['path', 'host'] as const) {
      expect(matches(start, scope, 'http://docs.example.com/docs/guide/x')).toBe(true);
      expect(matches(start, scope, 'https://docs.example.com:8443/docs/guide/x')).toBe(false);
      expect(matches(start, scope, 'https://www.example.com/docs/guide/x')).toBe(false);
    }
  });

  it('host: any path of the start host', () => {
    expect(matches(start, 'host', 'https://docs.example.com/')).toBe(true);
    expect(matches(start, 'host', 'https://docs.example.com/blog/x')).toBe(true);
  });

  it('domain: the registrable domain and its subdomains, by the public suffix list', () => {
    expect(matches(start, 'domain', 'https://example.com/')).toBe(true);
    expect(matches(start, 'domain', 'https://www.example.com/x')).toBe(true);
    expect(matches(start, 'domain', 'https://a.b.example.com/x')).toBe(true);
    expect(matches(start, 'domain', 'https://notexample.com/')).toBe(false);
    expect(matches('https://a.example.co.uk/', 'domain', 'https://b.example.co.uk/')).toBe(true);
    expect(matches('https://a.example.co.uk/', 'domain', 'https://other.co.uk/')).toBe(false);
  });

  it('domain: a private suffix (github.io) keeps each site apart', () => {
    expect(matches('https://alice.github.io/', 'domain', 'https://bob.github.io/')).toBe(false);
    expect(matches('https://alice.github.io/', 'domain', 'https://docs.alice.github.io/')).toBe(true);
  });

  it('domain: an IP address is only itself', () => {
    expect(matches('http://127.0.0.1:8080/a', 'domain', 'http://127.0.0.1:8080/b')).toBe(true);
    expect(matches('http://127.0.0.1:8080/a', 'domain', 'http://127.0.0.2:8080/b')).toBe(false);
  });

  it('never another scheme', () => {
    expect(matches(start, 'host', 'ftp://docs.example.com/docs/guide/x')).toBe(false);
  });
});
