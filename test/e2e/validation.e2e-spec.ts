import { beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization, getOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';

const env = testEnv();
const url = `${env.target.url}/static`;

describe('validation of the shared parameters (422, nothing charged)', () => {
  let org: { id: string; apiKey: string };
  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 50 });
  });

  it.each<[string, Record<string, string>, string]>([
    ['/crawl', {}, 'url'],
    ['/crawl', { url: 'ftp://example.com/file' }, 'url'],
    ['/crawl', { url: 'not a url' }, 'url'],
    ['/crawl', { url, js: 'maybe' }, 'js'],
    ['/crawl', { url, premium: '2' }, 'premium'],
    ['/crawl', { url, viewport: '1920-1080' }, 'viewport'],
    ['/crawl', { url, viewport: '0x100' }, 'viewport'],
    ['/crawl', { url, mobile: 'true' }, 'mobile'],
    ['/crawl', { url, device_scale_factor: '2' }, 'device_scale_factor'],
    ['/crawl', { url, city: 'berlin' }, 'city'],
    ['/crawl', { url, country: 'Germany' }, 'country'],
    ['/crawl', { url, country: 'de', city: 'new.york' }, 'city'],
    ['/crawl', { url, country: 'de', city: 'a;b' }, 'city'],
    // Officially assigned ISO 3166-1 codes only (decisions 8.5), on every route that takes a country.
    ['/crawl', { url, country: 'UK' }, 'country'],
    ['/screenshot', { url, country: 'EU' }, 'country'],
    ['/chat', { prompt: 'hi', country: 'uk' }, 'country'],
    ['/crawl', { url, wait_until: 'idle' }, 'wait_until'],
    ['/screenshot', { url, images: 'nope' }, 'images'],
    ['/screenshot', { url, landscape: 'true' }, 'landscape'],
  ])('%s %j is 422 naming %s', async (path, query, param) => {
    const result = await call(path, { key: org.apiKey, query });
    expect(result.status).toBe(422);
    expect(result.body.message).toEqual(expect.any(String));
    expect(Object.keys(result.body.errors)).toEqual([param]);
    expect(result.body.errors[param]).toEqual([expect.any(String)]);
  });

  it('accepts boolean text in any case', async () => {
    const result = await call('/crawl', { key: org.apiKey, query: { url, js: 'OFF', images: 'No', adblock: 'On', premium: 'FALSE' } });
    expect(result.status).toBe(200);
    expect(result.headers.get('x-credits-charged')).toBe('1');
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(49);
  });

  it('carries a distinct X-Request-Id on every answer, refusals included', async () => {
    const unauthorized = await call('/crawl', { query: { url } });
    const invalid = await call('/crawl', { key: org.apiKey, query: { url, viewport: 'big' } });
    expect([unauthorized.status, invalid.status]).toEqual([401, 422]);
    const ids = [unauthorized.headers.get('x-request-id'), invalid.headers.get('x-request-id')];
    expect(ids).toEqual([expect.stringMatching(/.{8,}/), expect.stringMatching(/.{8,}/)]);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('answers a body over the 1 MiB limit with 413 and a message, nothing charged', async () => {
    const before = (await call('/account', { key: org.apiKey })).body.credits_remaining;
    const answer = await call('/crawl', { key: org.apiKey, method: 'POST', body: JSON.stringify({ blocks: [], padding: 'x'.repeat(1024 * 1024) }) });
    expect([answer.status, answer.body, answer.headers.get('x-error-code')]).toEqual([413, { message: 'The request body is too large.' }, 'payload_too_large']);
    expect((await call('/account', { key: org.apiKey })).body.credits_remaining).toBe(before);
  });
});
