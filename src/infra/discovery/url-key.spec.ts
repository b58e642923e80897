import { describe, expect, it } from '@jest/globals';
import { siteHost, urlKey } from './url-key.js';

describe('urlKey (decisions 9.1 "Same URL")', () => {
  it('leaves the scheme out: http and https of one host and path are one page', () => {
    expect(urlKey('http://example.com/a')).toBe('example.com/a');
    expect(urlKey('https://example.com/a')).toBe(urlKey('http://example.com/a'));
  });

  it('lower-cases the host and writes an IDN as punycode', () => {
    expect(urlKey('https://EXAMPLE.Com/a')).toBe('example.com/a');
    expect(urlKey('https://bücher.example/x')).toBe('xn--bcher-kva.example/x');
  });

  it('drops the default port and keeps another', () => {
    expect(urlKey('http://example.com:80/a')).toBe('example.com/a');
    expect(urlKey('https://example.com:443/a')).toBe('example.com/a');
    expect(urlKey('http://example.com:8080/a')).toBe('example.com:8080/a');
    expect(urlKey('https://example.com:80/a')).toBe('example.com:80/a');
  });

  it('drops the fragment', () => {
    expect(urlKey('https://example.com/a#part')).toBe('example.com/a');
    expect(urlKey('https://example.com/a?x=1#part')).toBe('example.com/a?x=1');
  });

  it('normalizes percent-encoding: unreserved characters decoded, hex upper-cased', () => {
    expect(urlKey('https://example.com/%7Euser/%61b%2dc')).toBe('example.com/~user/ab-c');
    expect(urlKey('https://example.com/a%2fb%c3%a9')).toBe('example.com/a%2Fb%C3%A9');
    expect(urlKey('https://example.com/é')).toBe('example.com/%C3%A9');
    expect(urlKey('https://example.com/s?q=%7e%2f')).toBe('example.com/s?q=~%2F');
  });

  it('folds a trailing /index.html, /index.htm or /index.php into its directory', () => {
    expect(urlKey('https://example.com/a/index.html')).toBe('example.com/a/');
    expect(urlKey('https://example.com/a/index.htm')).toBe('example.com/a/');
    expect(urlKey('https://example.com/index.php')).toBe('example.com/');
    expect(urlKey('https://example.com/a/index.html?x=1')).toBe('example.com/a/?x=1');
    expect(urlKey('https://example.com/a/myindex.html')).toBe('example.com/a/myindex.html');
    expect(urlKey('https://example.com/a/index.html/b')).toBe('example.com/a/index.html/b');
  });

  it('removes utm_*, gclid, fbclid and msclkid and keeps the rest of the query in its order', () => {
    expect(urlKey('https://example.com/a?b=2&utm_source=x&a=1&gclid=g&fbclid=f&msclkid=m&utm_medium=y')).toBe(
      'example.com/a?b=2&a=1',
    );
    expect(urlKey('https://example.com/a?utm_source=x')).toBe('example.com/a');
    expect(urlKey('https://example.com/a?z=1&a=2')).not.toBe(urlKey('https://example.com/a?a=2&z=1'));
    expect(urlKey('https://example.com/a?utmost=1')).toBe('example.com/a?utmost=1');
  });

  it('drops the whole query with ignoreQuery', () => {
    expect(urlKey('https://example.com/a?page=2', { ignoreQuery: true })).toBe('example.com/a');
  });

  it('keeps the case of the path', () => {
    expect(urlKey('https://example.com/Docs/A')).toBe('example.com/Docs/A');
    expect(urlKey('https://example.com/Docs/A')).not.toBe(urlKey('https://example.com/docs/a'));
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
