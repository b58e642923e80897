import { describe, expect, it, jest } from '@jest/globals';
import { loadConfig } from '../../config/app-config.js';
import { DNS_BOUNDS, boundedResolver, ResolverBusyError } from './bounded-resolver.js';
import type { HostResolver } from './bounded-resolver.js';
import { NetworkPolicy } from './network-policy.js';
import { useFakeClock } from '../../../test/unit/support/fake-clock.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The promise's outcome once settled, else 'pending': read after the fake clock moved. */
function outcome<T>(promise: Promise<T>): () => { value: T } | { error: unknown } | 'pending' {
  let settled: { value: T } | { error: unknown } | 'pending' = 'pending';
  promise.then((value) => (settled = { value }), (error: unknown) => (settled = { error }));
  return () => settled;
}

useFakeClock();

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
    const all = Promise.allSettled(Array.from({ length: 8 }, (_, i) => slow(`h${i}.example`)));
    await jest.advanceTimersByTimeAsync(100);
    const outcomes = await all;
    expect(peak).toBe(2);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(3);
  });

  it('fails a lookup that outlives its timeout', async () => {
    const hung = boundedResolver(() => new Promise<string[]>(() => undefined), { concurrency: 1, maxWaiting: 1, timeoutMs: 50, waitMs: 50, perLane: { concurrency: 1, maxWaiting: 1 } });
    const lookup = outcome(hung('slow.example'));
    await jest.advanceTimersByTimeAsync(49);
    expect(lookup()).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    expect(lookup()).toEqual({ error: new Error('DNS lookup of slow.example timed out') });
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
    const fresh = outcome(policy.inspectHost('fresh.example', { lane: {} }));
    const refused = outcome(Promise.allSettled(page.slice(33)));
    // No time passes: neither waits on a timer.
    await jest.advanceTimersByTimeAsync(0);
    expect(fresh()).toEqual({ value: { allowed: true, addresses: [PUBLIC] } });
    // Past its own line of 32, the page's lookups fail at once; they were never asked of the resolver.
    expect(refused()).not.toBe('pending');
    expect(asked.filter((host) => host.endsWith('.hang.example'))).toEqual(['s0.hang.example']);
  });

  it('ends a wait in line at its deadline, and never caches a busy refusal as the name\'s answer', async () => {
    asked.length = 0;
    const policy = new NetworkPolicy(config, double, { ...DNS_BOUNDS, waitMs: 100 });
    const hostile = {};
    void policy.inspectHost('first.hang.example', { lane: hostile });
    // Behind the hung lookup in its job's line: refused busy at the deadline, not resolved, not cached.
    const behind = outcome(policy.inspectHost('healthy.example', { lane: hostile }));
    await jest.advanceTimersByTimeAsync(99);
    expect(behind()).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    expect(behind()).toEqual({ value: { allowed: true, addresses: [] } });
    await expect(policy.inspectHost('healthy.example', { lane: {} })).resolves.toEqual({ allowed: true, addresses: [PUBLIC] });
    expect(asked).toEqual(['first.hang.example', 'healthy.example']);
  });

  it('refuses busy, with its own error, past the line of the process', async () => {
    const resolver = boundedResolver(double, { concurrency: 1, maxWaiting: 0, timeoutMs: 1000, waitMs: 1000, perLane: { concurrency: 1, maxWaiting: 0 } });
    void resolver('a.hang.example').catch(() => undefined);
    await expect(resolver('b.example')).rejects.toBeInstanceOf(ResolverBusyError);
  });
});
