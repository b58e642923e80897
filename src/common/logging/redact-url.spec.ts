import { describe, expect, it } from '@jest/globals';
import { redactUrl } from './redact-url.js';

describe('redactUrl', () => {
  it.each([
    ['/crawl?key=cg_secret&url=x', '/crawl?key=[redacted]&url=x'],
    ['/crawl?url=x&key=cg_secret', '/crawl?url=x&key=[redacted]'],
    ['/crawl?url=x&KEY=cg_secret#frag', '/crawl?url=x&KEY=[redacted]#frag'],
    ['/crawl?key=a&key=b', '/crawl?key=[redacted]&key=[redacted]'],
    ['/crawl?key=', '/crawl?key=[redacted]'],
  ])('%s -> %s', (raw, logged) => {
    expect(redactUrl(raw)).toBe(logged);
  });

  it('leaves other parameters that end in "key" alone', () => {
    expect(redactUrl('/crawl?monkey=1&url=http://a/?apikey=2')).toBe('/crawl?monkey=1&url=http://a/?apikey=2');
  });
});
