import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization } from '../factories/organization.factory.js';
import { AppProcess, RUN_DIR, startAppProcess } from '../harness/app-process.js';
import { testEnv } from '../harness/env.js';

const env = testEnv();

/** What scripts/run.sh gives: no pool configured, the built-in egress proxy serves both tiers. */
describe('the built-in egress proxy (no PROXY_* set)', () => {
  let app: AppProcess;
  let key: string;

  beforeAll(async () => {
    app = await startAppProcess('app-builtin', {
      ROLE: 'all',
      DATA_DIR: `${RUN_DIR}/data-builtin-${Date.now()}`,
      // Its own queue: machines running several suites at once give each its Redis database through this variable.
      REDIS_URL: process.env.E2E_BUILTIN_REDIS_URL ?? env.redisUrl.replace(/\/\d+$/, '/7'),
      ADMIN_TOKEN: env.adminToken,
      ALLOW_PRIVATE_TARGETS: 'true',
      BROWSER_CONCURRENCY: '1',
    });
    key = (await createOrganization(app.baseUrl, env.adminToken, { plan: 'standard', credits: 100 })).apiKey;
  });
  afterAll(async () => app?.stop());

  it.each(['false', 'true'])('crawls through it with premium=%s and never through the test pools', async (premium) => {
    await fetch(`${env.proxies.standard.controlUrl}/reset`);
    await fetch(`${env.proxies.premium.controlUrl}/reset`);
    const url = new URL('/crawl', app.baseUrl);
    url.searchParams.set('url', `${env.target.url}/static`);
    url.searchParams.set('premium', premium);
    const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-credits-charged')).toBe(premium === 'true' ? '25' : '5');
    expect(await response.text()).toContain('<html');
    expect(await (await fetch(`${env.proxies.standard.controlUrl}/records`)).json()).toEqual([]);
    expect(await (await fetch(`${env.proxies.premium.controlUrl}/records`)).json()).toEqual([]);
  });
});
