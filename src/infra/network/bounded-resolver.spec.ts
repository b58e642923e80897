import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../config/app-config.js';
import { DNS_BOUNDS, boundedResolver, ResolverBusyError } from './bounded-resolver.js';
import type { HostResolver } from './bounded-resolver.js';
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
    }, { concurrency: 2, maxWaiting: 3, timeoutMs: 1000, waitMs: 1000, perLane: { concurrency: 1, maxWaiting: 1 } });
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => slow(`h${i}.example`)));
    expect(peak).toBe(2);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(3);
  });

  it('fails a lookup that outlives its timeout', async () => {
    const hung = boundedResolver(() => new Promise<string[]>(() => undefined), { concurrency: 1, maxWaiting: 1, timeoutMs: 50, waitMs: 50, perLane: { concurrency: 1, maxWaiting: 1 } });
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

// issue 36.3: a page with 300 stylesheets on names whose nameserver hangs held every lookup of the worker.
describe("NetworkPolicy: one page cannot stall every job's DNS", () => {
  const PUBLIC = '93.184.216.34';
  const asked: string[] = [];
  /** A resolver double: names under hang.example never answer, the rest answer at once. */
  const double: HostResolver = (host) => {
    asked.push(host);
    return host.endsWith('.hang.example') ? new Promise<string[]>(() => undefined) : Promise.resolve([PUBLIC]);
  };
  const config = loadConfig({ ALLOW_PRIVATE_TARGETS: 'false' });

  it("answers another job's fresh host at once while a hostile page's 300 lookups hang", async () => {
    const policy = new NetworkPolicy(config, double);
    const hostile = {};
    const page = Array.from({ length: 300 }, (_, i) => policy.inspectHost(`s${i}.hang.example`, { lane: hostile }));
    const started = Date.now();
    await expect(policy.inspectHost('fresh.example', { lane: {} })).resolves.toEqual({ allowed: true, addresses: [PUBLIC] });
    expect(Date.now() - started).toBeLessThan(1_000);
    // Past its own line of 32, the page's lookups fail at once; they were never asked of the resolver.
    const settled = await Promise.race([Promise.allSettled(page.slice(33)), sleep(1_000).then(() => 'waiting')]);
    expect(settled).not.toBe('waiting');
    expect(asked.filter((host) => host.endsWith('.hang.example'))).toEqual(['s0.hang.example']);
  });

  it('ends a wait in line at its deadline, and never caches a busy refusal as the name\'s answer', async () => {
    asked.length = 0;
    const policy = new NetworkPolicy(config, double, { ...DNS_BOUNDS, waitMs: 100 });
    const hostile = {};
    void policy.inspectHost('first.hang.example', { lane: hostile });
    const started = Date.now();
    // Behind the hung lookup in its job's line: refused busy at the deadline, not resolved, not cached.
    await expect(policy.inspectHost('healthy.example', { lane: hostile })).resolves.toEqual({ allowed: true, addresses: [] });
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(policy.inspectHost('healthy.example', { lane: {} })).resolves.toEqual({ allowed: true, addresses: [PUBLIC] });
    expect(asked).toEqual(['first.hang.example', 'healthy.example']);
  });

  it('refuses busy, with its own error, past the line of the process', async () => {
    const resolver = boundedResolver(double, { concurrency: 1, maxWaiting: 0, timeoutMs: 1000, waitMs: 1000, perLane: { concurrency: 1, maxWaiting: 0 } });
    void resolver('a.hang.example').catch(() => undefined);
    await expect(resolver('b.example')).rejects.toBeInstanceOf(ResolverBusyError);
  });
});
