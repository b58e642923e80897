import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import { Redis } from 'ioredis';
import { RequestError, Server as ProxyServer } from 'proxy-chain';
import { createOrganization, getOrganization, usage } from '../factories/organization.factory.js';
import { AppProcess, RUN_DIR, startAppProcess } from '../harness/app-process.js';
import { testEnv } from '../harness/env.js';

const env = testEnv();
const SYNC_WAIT_MS = 3000;

/**
 * A second app in pool mode whose proxies check credentials, as a provider's do. Standard: two proxies, `u-{country}-{city}`,
 * and the provider knows no city "nowhere" (407). Premium: one proxy, credentials it always refuses, after `premiumDelayMs`.
 */
describe('proxy credentials and a pool that dies during a job (decisions 8.4, 8.5)', () => {
  let app: AppProcess;
  let redis: Redis;
  let standard: ProxyServer[];
  let premium: ProxyServer;
  let premiumDelayMs = 0;
  const standardUsers: string[] = [];
  /** Armed, the next request a standard proxy carries kills the whole standard pool: its connection cut, both ports closed. */
  let poolDiesOnRequest = false;
  let poolDeath: Promise<unknown> | null = null;
  const killer = createServer(() => {
    poolDiesOnRequest = false;
    poolDeath = Promise.all(standard.map((proxy) => proxy.close(true)));
  });
  let org: { id: string; apiKey: string };

  const crawl = (query: Record<string, string>) => {
    const url = new URL('/crawl', app.baseUrl);
    for (const [name, value] of Object.entries({ url: `${env.target.url}/static`, js: 'false', ...query })) url.searchParams.set(name, value);
    return fetch(url, { headers: { authorization: `Bearer ${org.apiKey}` } });
  };
  /** The job's answer: collected by GET /crawl/{job} once no longer 202 when the request answered 202. */
  const settle = async (answer: Response) => {
    if (answer.status !== 202) return answer;
    const { job_id: jobId } = (await answer.json()) as { job_id: string };
    const collect = () => fetch(new URL(`/crawl/${jobId}`, app.baseUrl), { headers: { authorization: `Bearer ${org.apiKey}` } });
    let collected = await collect();
    for (const until = Date.now() + 20_000; collected.status === 202 && Date.now() < until; collected = await collect()) {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return collected;
  };
  const balance = async () => (await getOrganization(app.baseUrl, env.adminToken, org.id)).credits_remaining;
  const attempts = async () => (await usage(app.baseUrl, env.adminToken, org.id)).days.reduce((sum, day) => sum + day.attempts, 0);

  const listenStandard = async (port = 0) => {
    const proxy = new ProxyServer({
      port,
      host: '127.0.0.1',
      prepareRequestFunction: ({ username }) => {
        standardUsers.push(username);
        if (username.endsWith('-nowhere')) throw new RequestError('No such city', 407);
        // The tunnel is established and the request read before the proxy dies under it.
        return poolDiesOnRequest ? { customConnectServer: killer } : {};
      },
    });
    await proxy.listen();
    return proxy;
  };

  beforeAll(async () => {
    standard = await Promise.all([listenStandard(), listenStandard()]);
    premium = new ProxyServer({
      port: 0,
      host: '127.0.0.1',
      prepareRequestFunction: async () => {
        await new Promise((resolve) => setTimeout(resolve, premiumDelayMs));
        throw new RequestError('Bad credentials', 407);
      },
    });
    await premium.listen();
    const redisUrl = process.env.E2E_POOL_REDIS_URL ?? env.redisUrl.replace(/\/\d+$/, '/11');
    redis = new Redis(redisUrl);
    app = await startAppProcess('app-pool-safety', {
      ROLE: 'all',
      DATA_DIR: `${RUN_DIR}/data-pool-safety-${Date.now()}`,
      // Its own queue: the main app's worker must not take its jobs.
      REDIS_URL: redisUrl,
      ADMIN_TOKEN: env.adminToken,
      ALLOW_PRIVATE_TARGETS: 'true',
      PROXY_STANDARD: standard.map((proxy) => `http://u-{country}-{city}:p@127.0.0.1:${proxy.port}`).join(','),
      PROXY_PREMIUM: `http://u:wrong@127.0.0.1:${premium.port}`,
      SYNC_WAIT_MS: String(SYNC_WAIT_MS),
      BROWSER_CONCURRENCY: '1',
    });
    org = await createOrganization(app.baseUrl, env.adminToken, { plan: 'standard', credits: 500 });
    // A first job warms the browser up (its launch, the filter lists), so the answers below come within SYNC_WAIT_MS.
    expect((await settle(await crawl({}))).status).toBe(200);
  });
  beforeEach(async () => {
    for (const key of await redis.keys('crawlgate:proxy:down:*')) await redis.del(key);
  });
  afterAll(async () => {
    await app?.stop();
    await redis?.quit();
    await Promise.all([...(standard ?? []).map((proxy) => proxy.close(true)), premium?.close(true)]);
  });

  it("fails a site crawl whose robots.txt its pool cannot fetch as proxy_pool_unavailable (8.4: the read set its proxy aside), nothing charged: no proxy's failure reads as the target refusing all", async () => {
    const before = await balance();
    const url = new URL('/site', app.baseUrl);
    for (const [name, value] of Object.entries({ url: `${env.target.url}/static`, js: 'false', premium: 'true', limit: '2' })) url.searchParams.set(name, value);
    const started = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${org.apiKey}` } });
    expect(started.status).toBe(202);
    const { job_id: jobId } = (await started.json()) as { job_id: string };
    let crawl: { status: string; error: string | null; credits_used: number } = { status: 'queued', error: null, credits_used: -1 };
    for (const until = Date.now() + 30_000; !['done', 'failed'].includes(crawl.status) && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      crawl = (await (await fetch(new URL(`/crawl/${jobId}`, app.baseUrl), { headers: { authorization: `Bearer ${org.apiKey}` } })).json()) as typeof crawl;
    }
    expect(crawl).toMatchObject({ status: 'failed', error: 'No proxy of the premium pool is available; nothing was charged. Retry later.', credits_used: 0 });
    expect(await redis.keys('crawlgate:proxy:down:premium:*')).toHaveLength(1);
    expect(await balance()).toBe(before);
  });

  it("fails a job whose city the provider refuses (407) as proxy_failed, refunded, and the next request still gets 200", async () => {
    const before = await balance();
    const refused = await crawl({ country: 'us', city: 'nowhere' });
    expect(refused.status).toBe(500);
    expect(refused.headers.get('x-error-code')).toBe('proxy_failed');
    expect(refused.headers.get('x-credits-charged')).toBe('0');
    expect(await redis.keys('crawlgate:proxy:down:*')).toEqual([]);
    const next = await crawl({ country: 'us' });
    expect(next.status).toBe(200);
    expect(next.headers.get('x-credits-charged')).toBe('1');
    expect(await balance()).toBe(before - 1);
  });

  it.each(['New_York', 'Winston-Salem', 'sao_paulo'])('accepts the city %s where the pool lists none, puts it in the proxy user name and doubles the price', async (city) => {
    const before = await balance();
    standardUsers.length = 0;
    const answer = await crawl({ country: 'US', city });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-credits-charged')).toBe('2');
    expect(await balance()).toBe(before - 2);
    expect(new Set(standardUsers)).toEqual(new Set([`u-us-${city.toLowerCase()}`]));
  });

  it('answers a waiting request 503 proxy_pool_unavailable, refunded and untallied, when the pool dies during the job', async () => {
    premiumDelayMs = 0;
    const before = await balance();
    const attemptsBefore = await attempts();
    const answer = await crawl({ premium: 'true' });
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      error: { code: 'proxy_pool_unavailable', message: expect.any(String), request_id: answer.headers.get('x-request-id'), billed: false },
    });
    expect(await balance()).toBe(before);
    expect(await attempts()).toBe(attemptsBefore);
  });

  it('answers a job collected after 202 with 500 and X-Error-Code proxy_pool_unavailable, tallied like any failed job', async () => {
    premiumDelayMs = SYNC_WAIT_MS + 1500;
    const before = await balance();
    const attemptsBefore = await attempts();
    const accepted = await crawl({ premium: 'true' });
    expect(accepted.status).toBe(202);
    // Tallied with its 202 (service-spec States), before the pool is found dead; its end does not count it again.
    expect(await attempts()).toBe(attemptsBefore + 1);
    const collected = await settle(accepted);
    expect(collected.status).toBe(500);
    expect(collected.headers.get('x-error-code')).toBe('proxy_pool_unavailable');
    expect(await balance()).toBe(before - 10);
    expect(await attempts()).toBe(attemptsBefore + 1);
  });

  it('answers 503 proxy_pool_unavailable, refunded and untallied, when both proxies of a two-proxy pool die during the job', async () => {
    const before = await balance();
    const attemptsBefore = await attempts();
    poolDiesOnRequest = true;
    try {
      const answer = await crawl({});
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({
        error: { code: 'proxy_pool_unavailable', message: expect.any(String), request_id: answer.headers.get('x-request-id'), billed: false },
      });
      // The first proxy cut the connection (the target's failure as far as the relay can tell); the retry's proxy refused it.
      expect(await redis.keys('crawlgate:proxy:down:standard:*')).toHaveLength(1);
      expect(await balance()).toBe(before);
      expect(await attempts()).toBe(attemptsBefore);
    } finally {
      poolDiesOnRequest = false;
      if (poolDeath) {
        await poolDeath;
        poolDeath = null;
        standard = await Promise.all(standard.map((proxy) => listenStandard(proxy.port)));
      }
    }
  });
});
