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
    // "must have a host": WHATWG would read one out of the path (http://x/), and crawl it.
    ['/crawl', { url: 'http:///x' }, 'url'],
    ['/screenshot', { url: 'http:x' }, 'url'],
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
    // The eight words only: a word with spaces around it is something else (spec: anything else is refused).
    ['/crawl', { url, js: ' true' }, 'js'],
    ['/screenshot', { url, images: 'false ' }, 'images'],
    ['/chat', { prompt: 'hi', premium: 'True\n' }, 'premium'],
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

  it.each<[string, string, Record<string, string>]>([
    ['GET', '/crawl', { url, js: 'false', user_agent: 'a\r\nX-Evil: 1' }],
    ['GET', '/crawl', { url, user_agent: 'a\u0000b' }],
    ['GET', '/screenshot', { url, user_agent: 'a\nb' }],
    ['GET', '/map', { url, user_agent: 'a\rb' }],
    ['GET', '/crawl', { url, js: 'false', user_agent: 'emoji \u{1F600}' }],
  ])('%s %s: a user_agent no header can carry is 422 on it, nothing charged', async (method, path, query) => {
    const before = (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
    const answer = await call(path, { key: org.apiKey, method, query });
    expect([answer.status, Object.keys(answer.body.errors ?? {})]).toEqual([422, ['user_agent']]);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(before);
  });

  it.each(['false', 'true'])('takes a user_agent with Latin-1 letters and a tab (js=%s)', async (js) => {
    const answer = await call('/crawl', { key: org.apiKey, query: { url, js, user_agent: 'Crawlgate\ttest caf\u00e9' } });
    expect(answer.status).toBe(200);
  });

  it.each<[string, string]>([
    ['POST', '/crawl'],
    ['POST', '/site'],
  ])('%s %s: a body nested thousands of levels deep is 422 on body, nothing charged', async (method, path) => {
    const before = (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
    const deep = `{"blocks":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const answer = await call(path, { key: org.apiKey, method, query: path === '/site' ? { url } : {}, body: deep });
    expect([answer.status, answer.body.errors]).toEqual([422, { body: ['The JSON body nests deeper than 64 levels.'] }]);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(before);
  });

  it('refuses a deep admin body with 422 too', async () => {
    const answer = await call('/admin/organizations', { key: env.adminToken, method: 'POST', body: `{"name":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}` });
    expect([answer.status, Object.keys(answer.body.errors)]).toEqual([422, ['body']]);
  });

  it('takes a bodiless request sent with Content-Type: application/json as having no body', async () => {
    const json = { 'content-type': 'application/json' };
    const unknownJob = await call('/crawl/nope_nothing', { key: org.apiKey, method: 'DELETE', headers: json });
    expect([unknownJob.status, unknownJob.body]).toEqual([404, { message: expect.any(String) }]);
    const anonymous = await call('/crawl/nope_nothing', { method: 'DELETE', headers: json });
    expect(anonymous.status).toBe(401);
    const secret = await call('/account/webhook-secret', { key: org.apiKey, method: 'POST', headers: json });
    expect([secret.status, Object.keys(secret.body)]).toEqual([201, ['secret']]);
    const noRecipe = await call('/crawl', { key: org.apiKey, method: 'POST', headers: json });
    expect(noRecipe.status).toBe(422);
  });

  it('answers a job id of any length as an unknown job (404), not the router\'s 414', async () => {
    const answer = await call(`/crawl/${org.id.slice(0, 8)}_${'a'.repeat(300)}`, { key: org.apiKey });
    expect([answer.status, answer.body]).toEqual([404, { message: expect.any(String) }]);
  });

  it('answers a path it cannot decode (/crawl/%ZZ) as a 404 in the service\'s own shape, not Fastify\'s', async () => {
    for (const path of ['/crawl/%ZZ', '/anything%ZZ']) {
      const answer = await fetch(`${env.baseUrl}${path}`, { headers: { authorization: `Bearer ${org.apiKey}` } });
      expect([answer.status, await answer.json(), answer.headers.get('x-error-code')]).toEqual([404, { message: 'Not found.' }, 'not_found']);
      expect(answer.headers.get('x-request-id')).toMatch(/\S/);
    }
  });

  it('takes an extract of nearly 10,000 characters in the query (no 431 however it is encoded)', async () => {
    const selector = Array.from({ length: 46 }, () => 'h1').join(', ');
    const rules = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`r${index}`, selector]));
    const extract = JSON.stringify(rules);
    expect(extract.length).toBeGreaterThan(9000);
    expect(extract.length).toBeLessThanOrEqual(10_000);
    const answer = await call('/crawl', { key: org.apiKey, query: { url, js: 'false', extract } });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.data.extracted)).toHaveLength(50);
  });

  it('runs no GET route for HEAD: a HEAD /crawl is 404 and charges nothing', async () => {
    const before = (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
    const answer = await fetch(`${env.baseUrl}/crawl?url=${encodeURIComponent(url)}`, { method: 'HEAD', headers: { authorization: `Bearer ${org.apiKey}` } });
    expect(answer.status).toBe(404);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(before);
  });
});

