import { describe, expect, it } from '@jest/globals';
import { parseHttpUrl } from './url-syntax.js';

describe('parseHttpUrl: the spec\'s url, "http or https, must have a host"', () => {
  it.each(['http:///x', 'http:x', 'http:/x', 'https:\\\\\\x', 'http:// /x'])('refuses %s, whose authority is missing or empty (WHATWG would read a host out of its path)', (raw) => {
    expect(parseHttpUrl(raw)).toEqual({ url: null, problem: expect.stringMatching(/^The URL must (have a host|be an absolute http or https URL)\.$/) });
  });

  it('says "must have a host" for a written URL whose authority is empty', () => {
    expect(parseHttpUrl('http:///x').problem).toBe('The URL must have a host.');
    expect(parseHttpUrl('http:x').problem).toBe('The URL must have a host.');
  });

  it.each([
    ['http://x/', 'http://x/'],
    ['  HTTPS://Shop.Example:8443/a?b#c ', 'https://shop.example:8443/a?b#c'],
    ['http:\\\\shop.example\\a', 'http://shop.example/a'],
    ['ht\ttp://shop.example/', 'http://shop.example/'],
    ['http://[::1]:8080/', 'http://[::1]:8080/'],
  ])('accepts %j as %s', (raw, href) => {
    expect(parseHttpUrl(raw).url?.href).toBe(href);
  });

  it('still refuses another scheme and credentials', () => {
    expect(parseHttpUrl('ftp://x/').problem).toBe('The URL must use http or https.');
    expect(parseHttpUrl('http://u:p@x/').problem).toBe('The URL must not contain a user name or password.');
  });
});
