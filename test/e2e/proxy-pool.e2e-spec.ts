import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { createOrganization, getOrganization, ledger, usage } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';

const env = testEnv();
type Tier = 'standard' | 'premium';
const control = (tier: Tier, action: 'down' | 'up' | 'reset') => fetch(`${env.proxies[tier].controlUrl}/${action}`);
const records = async (tier: Tier) => (await (await fetch(`${env.proxies[tier].controlUrl}/records`)).json()) as Array<{ path: string; hostname: string }>;
const targetRequests = async () => (await (await fetch(`${env.target.url}/__requests`)).json()) as Array<{ path: string }>;
const crawl = (key: string, path: string, query: Record<string, string> = {}) =>
  call('/crawl', { key, query: { url: path.startsWith('http') ? path : `${env.target.url}${path}`, js: 'false', ...query } });

describe('proxy pool health, judged by the relay', () => {
  let org: { id: string; apiKey: string };
  const redis = new Redis(env.redisUrl);
  const downKeys = () => redis.keys('crawlgate:proxy:down:*');

  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 500 });
  });
  beforeEach(async () => {
    await control('premium', 'up');
    await Promise.all([control('standard', 'reset'), control('premium', 'reset'), fetch(`${env.target.url}/__reset`, { method: 'POST' })]);
  });
  afterAll(async () => {
    await control('premium', 'up');
    for (const key of await downKeys()) await redis.del(key);
    await redis.quit();
  });

  it('answers 503 before charging while the pool proxy is down, and 200 again within seconds once it is back', async () => {
    const before = (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
    await control('premium', 'down');
    // A connection check younger than PROXY_CHECK_TTL_MS (2000 by default) may still say up: the contract's bound.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const refused = await crawl(org.apiKey, '/static?while-down', { premium: 'true' });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: { code: 'proxy_pool_unavailable', message: expect.any(String), request_id: refused.headers.get('x-request-id'), billed: false } });
    expect(refused.headers.get('x-credits-charged')).toBeNull();
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(before);
    expect((await usage(env.baseUrl, env.adminToken, org.id)).days).toEqual([]);
    expect(await targetRequests()).toEqual([]);

    await control('premium', 'up');
    const started = Date.now();
    let answer = await crawl(org.apiKey, '/static', { premium: 'true' });
    while (answer.status === 503 && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      answer = await crawl(org.apiKey, '/static', { premium: 'true' });
    }
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-credits-charged')).toBe('10');
    expect((await records('premium')).map((record) => record.path)).toContain('/static');
  });

  it.each([407, 590, 594, 599])("bills a target's own %i as a 200 with X-Target-Status, and the tier stays in service", async (status) => {
    const answer = await crawl(org.apiKey, `/status/${status}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-target-status')).toBe(String(status));
    expect(answer.headers.get('x-credits-charged')).toBe('1');
    expect(answer.text).toContain(`Status ${status}`);
    expect(await downKeys()).toEqual([]);
    expect((await crawl(org.apiKey, '/static')).status).toBe(200);
  });

  it('refunds https targets that do not exist as target_unreachable, hands their names to no proxy, and keeps the tier up', async () => {
    const before = (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
    for (const host of ['no-such-host-1.invalid', 'no-such-host-2.invalid', 'no-such-host-3.invalid']) {
      const answer = await crawl(org.apiKey, `https://${host}/`);
      expect(answer.status).toBe(500);
      expect(answer.headers.get('x-error-code')).toBe('target_unreachable');
      expect(answer.body).toMatchObject({ status: 'failed', credits_charged: 0 });
    }
    // The worker could not resolve them, so no proxy may resolve them on its own network (decisions 8.5).
    expect((await records('standard')).filter((record) => record.hostname.includes('no-such-host'))).toEqual([]);
    expect(await downKeys()).toEqual([]);
    expect((await crawl(org.apiKey, '/static')).status).toBe(200);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(before - 1);
    const amounts = (await ledger(env.baseUrl, env.adminToken, org.id)).entries.slice(0, 7).map((entry: { amount: number }) => entry.amount);
    expect(amounts).toEqual([-1, 1, -1, 1, -1, 1, -1]);
  });

  it('carries every request of a job through its own proxy only: concurrent jobs, and consecutive jobs on one slot', async () => {
    const jobs: Array<[Tier, string]> = [['standard', '/static'], ['premium', '/js-rendered'], ['standard', '/static'], ['premium', '/js-rendered']];
    const answers = await Promise.all(jobs.map(([tier, path]) => crawl(org.apiKey, path, { premium: String(tier === 'premium'), js: 'true' })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    for (const [tier, path] of [...jobs, ...jobs]) {
      expect((await crawl(org.apiKey, path, { premium: String(tier === 'premium'), js: 'true' })).status).toBe(200);
    }
    const standard = (await records('standard')).map((record) => record.path);
    const premium = (await records('premium')).map((record) => record.path);
    expect(standard.filter((path) => path === '/static')).toHaveLength(6);
    expect([...new Set(standard)]).toEqual(['/static']);
    expect(premium.filter((path) => path === '/js-rendered')).toHaveLength(6);
    expect([...new Set(premium)].sort()).toEqual(['/js-rendered', '/js/render.js']);
  });
});
