import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, it, expect, beforeAll, beforeEach, afterAll } from '@jest/globals';
import { Redis } from 'ioredis';
import { loadConfig } from '../../src/config/app-config.js';
import { AppError } from '../../src/common/errors/app-error.js';
import { ErrorCode } from '../../src/common/errors/error-code.js';
import { BUILTIN_SERVER, ProxyPoolService } from '../../src/infra/proxy/proxy-pool.service.js';
import { ProxyProbe } from '../../src/infra/proxy/proxy-probe.js';

/** The pools below name ports nothing listens on: every connection check succeeds here (see proxy-health.spec.ts). */
class ReachablePools extends ProxyPoolService {
  protected override probe = new ProxyProbe(2000, async () => true);
}

const PREFIX = `test:${randomUUID()}:`;
let redis: Redis;

function pool(env: Record<string, string>): { service: ProxyPoolService } {
  const config = loadConfig({ ALLOW_PRIVATE_TARGETS: 'false', ...env });
  return { service: new ReachablePools(config, redis) };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

beforeAll(() => {
  // Every key this suite writes carries a unique prefix, so it never touches another suite's (or replica's) state.
  redis = new Redis(loadConfig().redisUrl, { keyPrefix: PREFIX, maxRetriesPerRequest: 2 });
});

async function forgetSetAside(): Promise<void> {
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys.map((key) => key.slice(PREFIX.length)));
}

beforeEach(forgetSetAside);

afterAll(async () => {
  await forgetSetAside();
  await redis.quit();
});

describe('ProxyPoolService with configured pools', () => {
  const env = {
    PROXY_STANDARD: 'http://u-{country}-{session}:p@127.0.0.1:8001,http://plain:secret@127.0.0.1:8002,socks5://127.0.0.1',
    PROXY_PREMIUM: 'http://prem-{city}:{session}@[::1]:9000',
  };

  it('rotates round robin over the tier', async () => {
    const { service } = pool(env);
    const servers = [];
    for (let i = 0; i < 4; i++) servers.push((await service.select('standard')).server);
    expect(servers).toEqual(['http://127.0.0.1:8001', 'http://127.0.0.1:8002', 'socks5://127.0.0.1:1080', 'http://127.0.0.1:8001']);
  });

  it('fills the placeholders of user name and password', async () => {
    const { service } = pool(env);
    const route = await service.select('standard', { country: 'DE' });
    expect(route).toMatchObject({ tier: 'standard', username: expect.stringMatching(/^u-de-[0-9a-f]{16}$/), password: 'p', country: 'de', city: null, builtin: false, sourceIndex: 0 });
    const premium = await service.select('premium', { country: 'us', city: 'NewYork' });
    expect(premium).toMatchObject({ server: 'http://[::1]:9000', username: 'prem-newyork', password: expect.stringMatching(/^[0-9a-f]{16}$/), city: 'newyork' });
  });

  it('draws a new random session on every pick; the id names the proxy, whatever the session', async () => {
    const { service } = pool(env);
    const first = await service.select('standard', { country: 'fr' });
    expect(first.username).toMatch(/^u-fr-[0-9a-f]{16}$/);
    const [x, y] = [await pool(env).service.select('standard'), await pool(env).service.select('standard')];
    expect([x.id, y.username]).toEqual([y.id, expect.stringMatching(/^u--[0-9a-f]{16}$/)]);
    expect(x.username).not.toBe(y.username);
  });

  it("skips the failed proxy on the retry though each pick fills a new session (decisions 8.4's other proxy)", async () => {
    const sessions = { PROXY_STANDARD: 'http://u-{session}:p@127.0.0.1:8001,http://u-{session}:p@127.0.0.1:8002' };
    const { service } = pool(sessions);
    const first = await service.select('standard');
    for (let pick = 0; pick < 4; pick++) expect((await service.select('standard', {}, [first.id])).server).not.toBe(first.server);
  });

  it('skips excluded routes', async () => {
    const fixed = { PROXY_STANDARD: 'http://a:1@127.0.0.1:8001,http://b:2@127.0.0.1:8002' };
    const probe = pool(fixed).service;
    const [first, second] = [await probe.select('standard'), await probe.select('standard')];
    const { service } = pool(fixed);
    expect((await service.select('standard')).id).toBe(first.id);
    expect((await service.select('standard', {}, [second.id])).id).toBe(first.id);
    expect((await refusal(service.select('standard', {}, [first.id, second.id]))).code).toBe(ErrorCode.ProxyPoolUnavailable);
  });

  it('skips a proxy set aside, in every replica', async () => {
    const a = pool(env).service;
    const b = pool(env).service;
    const failed = await a.select('standard');
    await a.markFailed(failed);
    expect(await redis.pttl(`crawlgate:proxy:down:standard:${failed.sourceIndex}`)).toBeGreaterThan(55_000);
    for (let i = 0; i < 4; i++) expect((await b.select('standard')).sourceIndex).not.toBe(failed.sourceIndex);
  });

  it('answers 503 proxy_pool_unavailable when every proxy of the tier is set aside', async () => {
    const { service } = pool(env);
    // Set aside for its credentials: a check that reaches it does not take it back (see proxy-health.spec.ts).
    await service.markFailed(await service.select('premium'), 'auth');
    const error = await refusal(service.select('premium'));
    expect(error.code).toBe(ErrorCode.ProxyPoolUnavailable);
    expect(error.message).toBe('No proxy of the premium pool is available; nothing was charged. Retry later.');
    expect((await refusal(service.assertAvailable('premium'))).code).toBe(ErrorCode.ProxyPoolUnavailable);
    await expect(service.assertAvailable('standard')).resolves.toBeUndefined();
  });

  it('answers 503 for a tier without proxies', async () => {
    const { service } = pool({ PROXY_STANDARD: 'http://127.0.0.1:8001' });
    expect((await refusal(service.select('premium'))).code).toBe(ErrorCode.ProxyPoolUnavailable);
    expect((await refusal(service.assertAvailable('premium'))).code).toBe(ErrorCode.ProxyPoolUnavailable);
  });
});

describe('ProxyPoolService city validation', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'pools-')), 'pools.json');
  writeFileSync(file, JSON.stringify({
    standard: { proxies: ['http://u-{country}-{city}@127.0.0.1:8001'], cities: { us: ['New_York', 'Chicago'] } },
    premium: { proxies: ['http://127.0.0.1:9000'] },
  }));

  it('accepts a listed city in any case and uses the pool spelling', async () => {
    const { service } = pool({ PROXY_POOLS_FILE: file });
    expect(service.validateCity('standard', 'us', 'new_york')).toBe('New_York');
    expect(await service.select('standard', { country: 'US', city: 'CHICAGO' })).toMatchObject({ username: 'u-us-Chicago', city: 'Chicago' });
  });

  it.each([
    ['standard', 'us', 'Boston'],
    ['standard', null, 'Chicago'],
    ['standard', 'us', 'new.york'],
  ] as const)('refuses %s/%s/%s with 422 on city', async (tier, country, city) => {
    const { service } = pool({ PROXY_POOLS_FILE: file });
    const error = await refusal(Promise.resolve().then(() => service.validateCity(tier, country, city)));
    expect(Object.keys(error.details.errors ?? {})).toEqual(['city']);
  });

  it('passes a city through where the pool lists none', () => {
    const { service } = pool({ PROXY_POOLS_FILE: file });
    expect(service.validateCity('standard', 'de', 'Berlin')).toBe('berlin');
    expect(service.validateCity('premium', 'us', 'Boston')).toBe('boston');
  });

  it.each(['New_York', 'Winston-Salem', 'sao_paulo'])('accepts %s where the pool lists no cities (decisions 9 corrects 8.5) and puts it in the user name', async (city) => {
    const { service } = pool({ PROXY_POOLS_FILE: file });
    expect(service.validateCity('standard', 'de', city)).toBe(city.toLowerCase());
    const route = await service.select('standard', { country: 'de', city: city.toLowerCase() });
    expect(route.username).toBe(`u-de-${city.toLowerCase()}`);
  });

  it.each(['new.york', 'a;b'])('refuses %s even where the pool lists no cities', async (city) => {
    const { service } = pool({ PROXY_POOLS_FILE: file });
    const error = await refusal(Promise.resolve().then(() => service.validateCity('standard', 'de', city)));
    expect(Object.keys(error.details.errors ?? {})).toEqual(['city']);
  });

  it.each(['Germany', 'UK', 'EU', 'XK'])('refuses the country %s: not an officially assigned ISO 3166-1 code', async (country) => {
    const { service } = pool({ PROXY_POOLS_FILE: file });
    const error = await refusal(service.select('standard', { country }));
    expect(Object.keys(error.details.errors ?? {})).toEqual(['country']);
  });

  it('marks routes whose credentials carry the caller\'s geography', async () => {
    const { service } = pool({ PROXY_POOLS_FILE: file });
    expect(await service.select('standard', { country: 'us', city: 'Chicago' })).toMatchObject({ callerCredentials: true });
    expect(await service.select('standard')).toMatchObject({ callerCredentials: false });
    expect(await service.select('premium', { country: 'gb' })).toMatchObject({ callerCredentials: false });
  });
});

describe('ProxyPoolService without pools', () => {
  it('routes both tiers through the built-in route (the relay, no upstream), always available', async () => {
    const { service } = pool({});
    const standard = await service.select('standard', { country: 'jp', city: 'Tokyo' });
    const premium = await service.select('premium');
    expect(standard).toMatchObject({ builtin: true, tier: 'standard', country: 'jp', city: 'tokyo', server: BUILTIN_SERVER });
    expect(premium).toMatchObject({ builtin: true, tier: 'premium', server: BUILTIN_SERVER });
    await service.markFailed(premium);
    await expect(service.assertAvailable('premium')).resolves.toBeUndefined();
    expect((await service.select('premium')).builtin).toBe(true);
  });
});
