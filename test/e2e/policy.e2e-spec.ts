import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization, getOrganization } from '../factories/organization.factory.js';
import type { TestOrganization } from '../factories/organization.factory.js';
import { AppProcess, RUN_DIR, startAppProcess } from '../harness/app-process.js';
import { testEnv } from '../harness/env.js';

const env = testEnv();

/** A second, API-only instance with the production defaults the main test app lifts: private targets refused, no model. */
describe('network policy, uncovered domains and an unconfigured model (ALLOW_PRIVATE_TARGETS=false)', () => {
  let app: AppProcess;
  let key: string;
  let orgId: string;
  /** An organization of the main app, which has a model. */
  let withModel: TestOrganization;

  /** One call with the key in the header; the body parsed as JSON. */
  const send = async (baseUrl: string, apiKey: string, method: 'GET' | 'POST', path: string, query: Record<string, string>) => {
    const url = new URL(path, baseUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const response = await fetch(url, { method, headers: { authorization: `Bearer ${apiKey}` } });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  const get = (path: string, query: Record<string, string>) => send(app.baseUrl, key, 'GET', path, query);

  beforeAll(async () => {
    withModel = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    app = await startAppProcess('app-policy', {
      ROLE: 'api',
      DATA_DIR: `${RUN_DIR}/data-policy-${Date.now()}`,
      REDIS_URL: env.redisUrl.replace(/\/\d+$/, '/4'),
      ADMIN_TOKEN: env.adminToken,
      UNCOVERED_DOMAINS: 'uncovered.example,blocked.test',
      PROXY_STANDARD: env.proxies.standard.url,
      PROXY_PREMIUM: env.proxies.premium.url,
    });
    const org = await createOrganization(app.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    key = org.apiKey;
    orgId = org.id;
  });
  afterAll(async () => app?.stop());

  it.each([
    'http://127.0.0.1/', 'http://localhost:8080/', 'http://10.0.0.8/', 'http://172.16.3.4/', 'http://192.168.1.1/',
    'http://100.64.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://0.0.0.0/', 'http://[::1]/',
    'http://[::ffff:127.0.0.1]/', 'http://[fc00::1]/', 'http://[fe80::1]/', 'http://2130706433/', 'http://0x7f.1/',
    'http://0177.0.0.1/', 'http://127.1/', 'http://metadata.google.internal/', 'http://224.0.0.1/',
  ])('refuses %s with 422 on url, charging nothing', async (url) => {
    const result = await get('/crawl', { url });
    expect(result.status).toBe(422);
    expect(Object.keys(result.body.errors)).toEqual(['url']);
  });

  it('refuses uncovered domains and their subdomains with 422', async () => {
    for (const url of ['http://uncovered.example/', 'https://www.blocked.test/a']) {
      const result = await get('/crawl', { url });
      expect(result.status).toBe(422);
      expect(result.body.errors.url[0]).toMatch(/not served/);
    }
  });

  it('answers ai_query with 503 ai_unavailable when no model is configured, nothing charged', async () => {
    const result = await get('/crawl', { url: 'http://93.184.216.34/', ai_query: 'What?' });
    expect(result.status).toBe(503);
    expect(result.body).toEqual({ error: { code: 'ai_unavailable', message: expect.any(String), request_id: result.headers.get('x-request-id'), billed: false } });
    expect((await getOrganization(app.baseUrl, env.adminToken, orgId)).credits_remaining).toBe(100);
  });

  // decisions.md 8.2: a schema that does not compile is 422 on ai_schema, whether or not a model is configured.
  describe.each([
    ['an unknown type', '{"type":"object","properties":{"a":{"type":"foo"}}}'],
    ['a negative minProperties', '{"type":"object","minProperties":-1}'],
    ['a missing reference', '{"type":"object","$ref":"#/$defs/missing"}'],
  ])('an ai_schema with %s', (_name, schema) => {
    it.each([['GET', '/crawl'], ['POST', '/site'], ['GET', '/screenshot']] as const)('%s %s: the same 422 on ai_schema as with a model, nothing charged', async (method, path) => {
      // Each app's own reachable target: this one refuses private addresses, the main app's target site is one.
      const [unconfigured, configured] = await Promise.all([
        send(app.baseUrl, key, method, path, { url: 'http://93.184.216.34/', ai_schema: schema }),
        send(env.baseUrl, withModel.apiKey, method, path, { url: `${env.target.url}/static`, ai_schema: schema }),
      ]);
      expect([unconfigured.status, Object.keys(unconfigured.body.errors)]).toEqual([422, ['ai_schema']]);
      expect(unconfigured.body.errors.ai_schema[0]).toMatch(path === '/screenshot' ? /ai_schema/ : /^ai_schema does not compile as a JSON Schema \(draft 2020-12\): /);
      expect([configured.status, configured.body]).toEqual([unconfigured.status, unconfigured.body]);
      expect((await getOrganization(app.baseUrl, env.adminToken, orgId)).credits_remaining).toBe(100);
      expect((await getOrganization(env.baseUrl, env.adminToken, withModel.id)).credits_remaining).toBe(100);
    });
  });

  it.each([['GET', '/crawl'], ['POST', '/site']] as const)('answers %s %s with a schema that compiles 503 ai_unavailable when no model is configured, nothing charged', async (method, path) => {
    const result = await send(app.baseUrl, key, method, path, { url: 'http://93.184.216.34/', ai_schema: '{"type":"object","properties":{"a":{"type":"string"}}}' });
    expect([result.status, result.body]).toEqual([503, { error: { code: 'ai_unavailable', message: expect.any(String), request_id: result.headers.get('x-request-id'), billed: false } }]);
    expect((await getOrganization(app.baseUrl, env.adminToken, orgId)).credits_remaining).toBe(100);
  });

  it('is ready without a browser when it only serves the API', async () => {
    const ready = await fetch(`${app.baseUrl}/health/ready`);
    expect(ready.status).toBe(200);
  });
});
