import { describe, expect, it } from '@jest/globals';
import { redactUrl, urlWithoutSecrets } from './redact-url.js';

describe('redactUrl', () => {
  it.each([
    ['/crawl?key=cg_secret&url=x', '/crawl?key=[redacted]&url=x'],
    ['/crawl?url=x&key=cg_secret', '/crawl?url=x&key=[redacted]'],
    ['/crawl?url=x&KEY=cg_secret#frag', '/crawl?url=x&KEY=[redacted]#frag'],
    ['/crawl?key=a&key=b', '/crawl?key=[redacted]&key=[redacted]'],
    ['/crawl?key=', '/crawl?key=[redacted]'],
    ['/crawl?%6Bey=cg_secret&url=x', '/crawl?%6Bey=[redacted]&url=x'],
    ['/crawl?url=x&k%65%79=cg_secret', '/crawl?url=x&k%65%79=[redacted]'],
    ['/crawl?%4B%45%59=cg_secret', '/crawl?%4B%45%59=[redacted]'],
    ['/crawl?url=x&webhook_url=https%3A%2F%2Fh.example%2Fin%3Ftoken%3Ds3cret', '/crawl?url=x&webhook_url=[redacted]'],
  ])('%s -> %s', (raw, logged) => {
    expect(redactUrl(raw)).toBe(logged);
  });

  it('leaves other parameters that end in "key" alone', () => {
    expect(redactUrl('/crawl?monkey=1&url=http://a/?apikey=2')).toBe('/crawl?monkey=1&url=http://a/?apikey=2');
  });
});

describe('urlWithoutSecrets', () => {
  it("keeps a receiver's scheme, host and path, never its query, fragment or credentials", () => {
    expect(urlWithoutSecrets('https://user:pw@hooks.example:8443/in/abc?token=s3cret#x')).toBe('https://hooks.example:8443/in/abc?[redacted]');
    expect(urlWithoutSecrets('http://hooks.example/in')).toBe('http://hooks.example/in');
    expect(urlWithoutSecrets('not a url')).toBe('[unparsable URL]');
  });
});
