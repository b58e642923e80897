import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { createOrganization, getOrganization, ledger } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';

const env = testEnv();
const control = (action: 'down' | 'up') => fetch(`${env.proxies.premium.controlUrl}/${action}`);

describe('a proxy pool that goes down', () => {
  let org: { id: string; apiKey: string };
  const redis = new Redis(env.redisUrl);

  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 200 });
  });
  afterAll(async () => {
    await control('up');
    for (const key of await redis.keys('crawlgate:proxy:down:*')) await redis.del(key);
    await redis.quit();
  });

  it('fails the job as proxy_failed (refunded), then answers 503 before charging while the pool is set aside', async () => {
    await control('down');
    const failed = await call('/crawl', { key: org.apiKey, query: { url: `${env.target.url}/static`, premium: 'true', js: 'false' } });
    expect(failed.status).toBe(500);
    expect(failed.headers.get('x-error-code')).toBe('proxy_failed');
    expect(failed.body).toMatchObject({ status: 'failed', credits_charged: 0, credits_remaining: 200 });

    const refused = await call('/crawl', { key: org.apiKey, query: { url: `${env.target.url}/static`, premium: 'true', js: 'false' } });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: { code: 'proxy_pool_unavailable', message: expect.any(String), request_id: refused.headers.get('x-request-id'), billed: false } });
    expect(refused.headers.get('x-credits-charged')).toBeNull();

    const standard = await call('/crawl', { key: org.apiKey, query: { url: `${env.target.url}/static`, js: 'false' } });
    expect(standard.status).toBe(200);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(199);
    const entries = (await ledger(env.baseUrl, env.adminToken, org.id)).entries as Array<{ amount: number }>;
    expect(entries.map((entry) => entry.amount).sort((a, b) => a - b)).toEqual([-10, -1, 10, 200]);
  });
});
