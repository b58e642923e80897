import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { HOST_FULL, HostGate } from '../../src/modules/site/host-gate.js';

/** decisions.md 9.3 "Load": at most SITE_HOST_CONCURRENCY requests of all crawls at a host, however long they run. */
describe('HostGate: a full host stays full while its requests run', () => {
  const redis = new Redis(process.env.IT_REDIS_URL ?? 'redis://127.0.0.1:6379/5');
  const gate = new HostGate(redis);
  const host = `gate-${Date.now()}.example`;
  const hostKey = `crawlgate:site:host:${host}`;
  afterAll(async () => {
    await redis.del(hostKey);
    await redis.quit();
  });

  it('a renewal keeps the host\'s key as long as its lease, so requests outliving the key set at entry still count', async () => {
    expect(await gate.enter('c1', host, 'c1/1', 2, 0, 10_000)).toBe(0);
    expect(await gate.enter('c2', host, 'c2/1', 2, 0, 10_000)).toBe(0);
    expect(await gate.enter('c3', host, 'c3/1', 2, 0, 10_000)).toBe(HOST_FULL);
    // As if both requests had run close to the key's life (a slow target, under JOB_TIMEOUT_MS), then renewed.
    await redis.pexpire(hostKey, 5000);
    await gate.renew('c1', host, 'c1/1', 10_000);
    await gate.renew('c2', host, 'c2/1', 10_000);
    expect(await redis.pttl(hostKey)).toBeGreaterThan(60_000);
    expect(await gate.enter('c3', host, 'c3/1', 2, 0, 10_000)).toBe(HOST_FULL);
  });

  it('a holder that left is not put back by a late renewal', async () => {
    await gate.leave('c1', host, 'c1/1', 0);
    await gate.renew('c1', host, 'c1/1', 10_000);
    expect(await redis.zscore(hostKey, 'c1/1')).toBeNull();
    expect(await gate.enter('c3', host, 'c3/1', 2, 0, 10_000)).toBe(0);
    expect(await gate.enter('c4', host, 'c4/1', 2, 0, 10_000)).toBe(HOST_FULL);
  });
});
