import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { loadConfig } from '../../src/config/app-config.js';
import { ErrorCode } from '../../src/common/errors/error-code.js';
import { ProxyPoolService } from '../../src/infra/proxy/proxy-pool.service.js';
import type { ProxyRoute } from '../../src/infra/proxy/proxy-route.js';

// Real TCP listeners on 127.0.0.1 stand for proxies; a closed port is a proxy that refuses connections.
const PREFIX = `test:${randomUUID()}:`;
let redis: Redis;
let listener: Server;
let upPort: number;
let downPort: number;

function service(proxies: string, ttl = '200'): ProxyPoolService {
  const config = loadConfig({ PROXY_PREMIUM: proxies, PROXY_STANDARD: proxies, PROXY_CHECK_TTL_MS: ttl });
  return new ProxyPoolService(config, redis);
}

/** Moves the clock the probe and the pool read past the checks' TTL (200 ms), rather than waiting it out. */
function pastCheckTtl(): void {
  const now = Date.now();
  jest.spyOn(Date, 'now').mockReturnValue(now + 250);
}

afterEach(() => {
  jest.restoreAllMocks();
});

async function code(promise: Promise<unknown>): Promise<string | null> {
  return promise.then(() => null, (error: { code?: string }) => error.code ?? 'no code');
}

beforeAll(async () => {
  redis = new Redis(loadConfig().redisUrl, { keyPrefix: PREFIX, maxRetriesPerRequest: 2 });
  listener = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  upPort = (listener.address() as AddressInfo).port;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  downPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
});

beforeEach(async () => {
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys.map((key) => key.slice(PREFIX.length)));
});

afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  await redis.quit();
});

describe('ProxyPoolService.assertAvailable (connection checks at most PROXY_CHECK_TTL_MS old)', () => {
  it('answers 503 when the only proxy refuses connections, and 200 once one of the tier accepts', async () => {
    expect(await code(service(`http://127.0.0.1:${downPort}`).assertAvailable('premium'))).toBe(ErrorCode.ProxyPoolUnavailable);
    expect(await code(service(`http://127.0.0.1:${downPort},http://127.0.0.1:${upPort}`).assertAvailable('premium'))).toBeNull();
  });

  it('takes back a proxy set aside for a connection failure once a newer check reaches it', async () => {
    const pools = service(`http://127.0.0.1:${upPort}`);
    const route = (await pools.select('premium')) as ProxyRoute;
    await pools.markFailed(route, 'connect');
    expect(await code(pools.select('premium'))).toBe(ErrorCode.ProxyPoolUnavailable);
    pastCheckTtl();
    expect(await code(pools.assertAvailable('premium'))).toBeNull();
    expect(await redis.exists(`crawlgate:proxy:down:premium:${route.sourceIndex}`)).toBe(0);
    expect((await pools.select('premium')).sourceIndex).toBe(route.sourceIndex);
  });

  it('does not take a proxy back on a check older than the failure', async () => {
    const pools = service(`http://127.0.0.1:${upPort}`, '60000');
    await pools.assertAvailable('premium');
    await pools.markFailed(await pools.select('premium'), 'connect');
    expect(await code(pools.assertAvailable('premium'))).toBe(ErrorCode.ProxyPoolUnavailable);
  });

  it('reports in health() (crawlgate_proxy_up) the verdict admission reads: a proxy refusing connections is down', async () => {
    const pools = service(`http://127.0.0.1:${downPort},http://127.0.0.1:${upPort}`);
    const up = (await pools.health()).filter((row) => row.tier === 'premium').map((row) => [row.proxy, row.up]);
    expect(up).toEqual([[`http://127.0.0.1:${downPort}`, false], [`http://127.0.0.1:${upPort}`, true]]);
    // The reachable one refuses its credentials: set aside, so down too (the pool takes turns: its second route is it).
    const routes = [await pools.select('premium'), await pools.select('premium')];
    await pools.markFailed(routes.find((route) => route.sourceIndex === 1)!, 'auth');
    expect((await pools.health()).filter((row) => row.tier === 'premium').map((row) => row.up)).toEqual([false, false]);
  });

  it('keeps a proxy that refused its credentials aside although it accepts connections', async () => {
    const pools = service(`http://127.0.0.1:${upPort}`);
    await pools.markFailed(await pools.select('premium'), 'auth');
    pastCheckTtl();
    expect(await code(pools.assertAvailable('premium'))).toBe(ErrorCode.ProxyPoolUnavailable);
  });
});
