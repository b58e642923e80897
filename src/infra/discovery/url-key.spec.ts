import { describe, expect, it } from '@jest/globals';
import { siteHost, urlKey } from './url-key.js';

// [rule, its URLs and their keys]
const rules: ReadonlyArray<[string, Record<string, string>]> = [
  ['leaves the scheme out: http and https of one host and path are one page', { 'http://example.com/a': 'example.com/a' }],
  [
    'lower-cases the host and writes an IDN as punycode',
    { 'https://EXAMPLE.Com/a': 'example.com/a', 'https://bücher.example/x': 'xn--bcher-kva.example/x' },
  ],
  [
    'drops the default port and keeps another',
    {
      'http://example.com:80/a': 'example.com/a',
      'https://example.com:443/a': 'example.com/a',
      'http://example.com:8080/a': 'example.com:8080/a',
      'https://example.com:80/a': 'example.com:80/a',
    },
  ],
  ['drops the fragment', { 'https://example.com/a#part': 'example.com/a', 'https://example.com/a?x=1#part': 'example.com/a?x=1' }],
  [
    'normalizes percent-encoding: unreserved characters decoded, hex upper-cased',
    {
      'https://example.com/%7Euser/%61b%2dc': 'example.com/~user/ab-c',
      'https://example.com/a%2fb%c3%a9': 'example.com/a%2Fb%C3%A9',
      'https://example.com/é': 'example.com/%C3%A9',
      'https://example.com/s?q=%7e%2f': 'example.com/s?q=~%2F',
    },
  ],
  [
    'folds a trailing /index.html, /index.htm or /index.php into its directory',
    {
      'https://example.com/a/index.html': 'example.com/a/',
      'https://example.com/a/index.htm': 'example.com/a/',
      'https://example.com/index.php': 'example.com/',
      'https://example.com/a/index.html?x=1': 'example.com/a/?x=1',
      'https://example.com/a/myindex.html': 'example.com/a/myindex.html',
      'https://example.com/a/index.html/b': 'example.com/a/index.html/b',
    },
  ],
  [
    'removes utm_*, gclid, fbclid and msclkid and keeps the rest of the query in its order',
    {
      'https://example.com/a?b=2&utm_source=x&a=1&gclid=g&fbclid=f&msclkid=m&utm_medium=y': 'example.com/a?b=2&a=1',
      'https://example.com/a?utm_source=x': 'example.com/a',
      'https://example.com/a?utmost=1': 'example.com/a?utmost=1',
    },
  ],
  ['keeps the case of the path', { 'https://example.com/Docs/A': 'example.com/Docs/A' }],
];

describe('urlKey (decisions 9.1 "Same URL")', () => {
  it.each(rules)('%s', (_rule, keys) => {
    const urls = Object.keys(keys);
    expect(Object.fromEntries(urls.map((url) => [url, urlKey(url)]))).toEqual(keys);
  });

  it('makes http and https one page, and keeps apart queries in another order and paths in another case', () => {
    expect(urlKey('https://example.com/a')).toBe(urlKey('http://example.com/a'));
    expect(urlKey('https://example.com/a?z=1&a=2')).not.toBe(urlKey('https://example.com/a?a=2&z=1'));
    expect(urlKey('https://example.com/Docs/A')).not.toBe(urlKey('https://example.com/docs/a'));
  });

  it('drops the whole query with ignoreQuery', () => {
    expect(urlKey('https://example.com/a?page=2', { ignoreQuery: true })).toBe('example.com/a');
  });

  it('is null for another scheme or unparsable text', () => {
    expect(urlKey('mailto:a@example.com')).toBeNull();
    expect(urlKey('ftp://example.com/a')).toBeNull();
    expect(urlKey('not a url')).toBeNull();
  });

  it('accepts a URL object', () => {
    expect(urlKey(new URL('https://example.com/a/index.html#x'))).toBe('example.com/a/');
  });
});

describe('siteHost (9.1 "host")', () => {
  it('is one host for http and https, another with a port that is not the default', () => {
    expect(siteHost(new URL('http://x.example/'))).toBe('x.example');
    expect(siteHost(new URL('https://x.example/'))).toBe('x.example');
    expect(siteHost(new URL('http://x.example:8080/'))).toBe('x.example:8080');
  });
});
