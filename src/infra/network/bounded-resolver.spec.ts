import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../config/app-config.js';
import { DNS_BOUNDS, boundedResolver } from './bounded-resolver.js';
import { NetworkPolicy } from './network-policy.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('boundedResolver', () => {
  it("leaves libuv's threads to the rest of the process: at most 2 of its 4 run lookups", () => {
    expect(DNS_BOUNDS.concurrency).toBeLessThanOrEqual(2);
  });

  it('runs at most `concurrency` lookups at once and refuses past the waiting line', async () => {
    let running = 0;
    let peak = 0;
    const slow = boundedResolver(async () => {
      peak = Math.max(peak, (running += 1));
      await sleep(30);
      running -= 1;
      return ['93.184.216.34'];
    }, { concurrency: 2, maxWaiting: 3, timeoutMs: 1000 });
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => slow(`h${i}.example`)));
    expect(peak).toBe(2);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(3);
  });

  it('fails a lookup that outlives its timeout', async () => {
    const hung = boundedResolver(() => new Promise<string[]>(() => undefined), { concurrency: 1, maxWaiting: 1, timeoutMs: 50 });
    await expect(hung('slow.example')).rejects.toThrow('DNS lookup of slow.example timed out');
  });
});

describe('NetworkPolicy DNS cache', () => {
  it('caches a name that does not resolve, so repeating it makes no new lookups', async () => {
    const asked: string[] = [];
    const policy = new NetworkPolicy(loadConfig({ ALLOW_PRIVATE_TARGETS: 'false' }), async (host) => {
      asked.push(host);
      throw new Error('ENOTFOUND');
    });
    for (let i = 0; i < 20; i += 1) expect(await policy.inspectHost('nowhere.example')).toEqual({ allowed: true, addresses: [] });
    expect(asked).toEqual(['nowhere.example']);
  });
});
