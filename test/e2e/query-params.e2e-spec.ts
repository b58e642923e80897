import { beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization, getOrganization, ledger, TestOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call, CallOptions } from '../harness/http.js';

const env = testEnv();
const refused = (name: string) => ({ [name]: [`${name} is not accepted here`] });

/** decisions.md 8: every route refuses a query parameter it does not know; 3: `key` never authenticates job collection or /account. */
describe('unknown query parameters on the free routes', () => {
  let org: TestOrganization;
  let jobId: string;

  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    const done = await call('/crawl', { key: org.apiKey, query: { url: `${env.target.url}/static`, js: 'false' } });
    expect(done.status).toBe(200);
    jobId = done.headers.get('x-job-id')!;
  });

  const headerOnly: Array<[string, string, Record<string, string>]> = [
    ['GET', '/crawl/{job}', {}],
    ['GET', '/account', {}],
    ['GET', '/account/usage', { from: '2026-01-01', to: '2026-01-31' }],
    ['GET', '/account/jobs', { limit: '5' }],
  ];
  const request = (method: string, path: string, options: CallOptions) => call(path.replace('{job}', jobId), { method, ...options });

  it.each(headerOnly)('%s %s: a misspelt parameter is 422 on it', async (method, path, known) => {
    const answer = await request(method, path, { key: org.apiKey, query: { ...known, wait_untill: 'load' } });
    expect([answer.status, answer.body.errors]).toEqual([422, refused('wait_untill')]);
  });

  it.each(headerOnly)('%s %s: key next to a valid header is ignored (200); key alone is 401', async (method, path, known) => {
    const ignored = await request(method, path, { key: org.apiKey, query: { ...known, key: 'nonsense' } });
    expect(ignored.status).toBe(200);
    const alone = await request(method, path, { query: { ...known, key: org.apiKey, wait_untill: 'load' } });
    expect([alone.status, alone.body]).toEqual([401, { message: expect.any(String) }]);
  });

  it('POST /account/webhook-secret: an unknown parameter is 422; key next to the header is ignored', async () => {
    const answer = await call('/account/webhook-secret', { method: 'POST', key: org.apiKey, query: { rotate: 'true' } });
    expect([answer.status, answer.body.errors]).toEqual([422, refused('rotate')]);
    const made = await call('/account/webhook-secret', { method: 'POST', key: org.apiKey, query: { key: 'nonsense' } });
    expect([made.status, Object.keys(made.body)]).toEqual([201, ['secret']]);
  });

  it('admin routes refuse unknown parameters, change nothing, and still read the usage range', async () => {
    const auth = { key: env.adminToken };
    const get = await call(`/admin/organizations/${org.id}`, { ...auth, query: { fields: 'plan' } });
    expect([get.status, get.body.errors]).toEqual([422, refused('fields')]);
    const entries = (await ledger(env.baseUrl, env.adminToken, org.id)).entries.length;
    const credits = (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
    const grant = await call(`/admin/organizations/${org.id}/credits`, { ...auth, method: 'POST', query: { dry_run: 'true' }, body: { amount: 5, reason: 'test' } });
    expect([grant.status, grant.body.errors]).toEqual([422, refused('dry_run')]);
    expect((await ledger(env.baseUrl, env.adminToken, org.id)).entries).toHaveLength(entries);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(credits);
    const ledgerPage = await call(`/admin/organizations/${org.id}/ledger`, { ...auth, query: { limit: '1' } });
    expect([ledgerPage.status, ledgerPage.body.errors]).toEqual([422, refused('limit')]);
    const usage = await call(`/admin/organizations/${org.id}/usage`, { ...auth, query: { from: '2026-01-01', to: '2026-01-31', host: 'x' } });
    expect([usage.status, usage.body.errors]).toEqual([422, refused('host')]);
    const days = await call(`/admin/organizations/${org.id}/usage`, { ...auth, query: { from: '2026-01-01', to: '2026-01-31' } });
    expect([days.status, days.body]).toEqual([200, { days: [] }]);
  });
});

/** decisions.md 8 holds on the routes outside the API's controllers' parameters too: probes, metrics, docs, the dashboard. */
describe('unknown query parameters on the service routes', () => {
  it.each<[string, string | undefined]>([
    ['/health/live', undefined],
    ['/health/ready', undefined],
    ['/metrics', 'admin'],
    ['/openapi.json', undefined],
    ['/docs', undefined],
    ['/docs/swagger-ui-init.js', undefined],
    ['/dashboard', undefined],
    ['/dashboard/dashboard.js', undefined],
  ])('%s?foo=1 is 422 on foo; without it, 200', async (path, auth) => {
    const key = auth ? env.adminToken : undefined;
    const refusedAnswer = await call(path, { key, query: { foo: '1' } });
    expect([refusedAnswer.status, refusedAnswer.body.errors, refusedAnswer.headers.get('x-error-code')]).toEqual([422, refused('foo'), 'validation_failed']);
    expect((await call(path, { key })).status).toBe(200);
  });

  it.each<[string, string, string]>([
    ['GET', '/crawl', 'toString'],
    ['GET', '/crawl', '__proto__'],
    ['GET', '/screenshot', 'constructor'],
    ['GET', '/map', 'valueOf'],
    ['POST', '/site', 'hasOwnProperty'],
    ['GET', '/account', 'constructor'],
  ])('%s %s?%s=x: a name every object inherits is unknown like any other (422, nothing charged)', async (method, path, name) => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    const target = path === '/account' ? '' : `url=${encodeURIComponent(`${env.target.url}/static`)}&js=false&`;
    const answer = await fetch(`${env.baseUrl}${path}?${target}${name}=x`, { method, headers: { authorization: `Bearer ${org.apiKey}` } });
    expect([answer.status, ((await answer.json()) as { errors?: unknown }).errors]).toEqual([422, refused(name)]);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(100);
  });

  it('refuses a repeated parameter, key included, with 422 naming it, before any value is read or charged (a refused value never hides behind a good one)', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 10 });
    const target = encodeURIComponent(`${env.target.url}/static`);
    const auth = { headers: { authorization: `Bearer ${org.apiKey}` } };
    const given = async (path: string, init: RequestInit = auth) => {
      const answer = await fetch(`${env.baseUrl}${path}`, init);
      return [answer.status, ((await answer.json()) as { errors?: unknown }).errors];
    };
    const once = (name: string) => ({ [name]: [`${name} must be given once`] });
    expect(await given(`/crawl?url=${target}&js=maybe&js=false`)).toEqual([422, once('js')]);
    expect(await given(`/crawl?url=ftp%3A%2F%2Fx&url=${target}&js=false`)).toEqual([422, once('url')]);
    expect(await given(`/crawl?url=${target}&js=false&country=France&country=FR&city=a.b&city=Paris`)).toEqual([422, { ...once('country'), ...once('city') }]);
    expect(await given(`/crawl?url=${target}&js=false&key=cg_wrong&key=${encodeURIComponent(org.apiKey)}`, {})).toEqual([422, once('key')]);
    expect(await given(`/crawl?url=${target}&js=false&key=${encodeURIComponent(org.apiKey)}&key=cg_wrong`, {})).toEqual([422, once('key')]);
    expect(await given(`/screenshot?url=${target}&viewport=0x0&viewport=800x600`)).toEqual([422, once('viewport')]);
    expect(await given(`/site?url=${target}&limit=5&limit=6`, { ...auth, method: 'POST' })).toEqual([422, once('limit')]);
    expect(await given('/account/jobs?limit=5&limit=6')).toEqual([422, once('limit')]);
    expect(await given('/health/live?a=1&a=2')).toEqual([422, once('a')]);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(10);
    const answered = await fetch(`${env.baseUrl}/crawl?url=${target}&js=false&key=${encodeURIComponent(org.apiKey)}`);
    expect([answered.status, answered.headers.get('x-credits-charged')]).toEqual([200, '1']);
    expect(await given(`/crawl/${answered.headers.get('x-job-id')}?cursor=0&cursor=1`)).toEqual([422, once('cursor')]);
  });
});
