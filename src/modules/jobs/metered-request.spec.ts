import { describe, expect, it } from '@jest/globals';
import { fingerprintOf } from './metered-request.js';

describe('fingerprintOf (what "the same request" means under an Idempotency-Key)', () => {
  const base = fingerprintOf('GET', '/crawl', { url: 'https://a.test/', js: 'false' }, undefined);

  it('ignores the order of query parameters and the key parameter', () => {
    expect(fingerprintOf('GET', '/crawl', { js: 'false', url: 'https://a.test/', key: 'cg_x' }, undefined)).toBe(base);
  });

  it('differs with the method, path, any parameter value or the body', () => {
    expect(fingerprintOf('POST', '/crawl', { url: 'https://a.test/', js: 'false' }, undefined)).not.toBe(base);
    expect(fingerprintOf('GET', '/screenshot', { url: 'https://a.test/', js: 'false' }, undefined)).not.toBe(base);
    expect(fingerprintOf('GET', '/crawl', { url: 'https://a.test/', js: 'true' }, undefined)).not.toBe(base);
    expect(fingerprintOf('GET', '/crawl', { url: 'https://a.test/', js: 'false', webhook_url: 'https://h.test/' }, undefined)).not.toBe(base);
    expect(fingerprintOf('GET', '/crawl', { url: 'https://a.test/', js: 'false' }, { blocks: [] })).not.toBe(base);
  });
});
