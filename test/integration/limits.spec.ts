import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { LimitsService } from '../../src/modules/billing/limits.service.js';
import { redisNow } from '../../src/infra/redis/lease-set.js';

describe('concurrency slots and burst tokens in Redis', () => {
  const redis = new Redis(process.env.IT_REDIS_URL ?? 'redis://127.0.0.1:6379/5');
  const limits = new LimitsService(redis);
  const org = `it-${Date.now()}`;
  afterAll(async () => redis.quit());

  const LEASE = 60_000;
  /** Polls a condition of Redis's state (a lease's expiry is Redis time, not a timer of ours). */
  const until = async (condition: () => Promise<boolean>): Promise<void> => {
    for (const deadline = Date.now() + 5_000; !(await condition()); await new Promise((done) => setImmediate(done))) {
      if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    }
  };

  it('holds the plan limit across concurrent takers and frees a slot on release', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => limits.acquireSlot(org, `job${i}`, 5, LEASE)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    expect(await limits.slotsInUse(org)).toBe(5);
    await limits.releaseSlot(org, 'job0');
    await limits.releaseSlot(org, 'job1');
    expect(await limits.slotsInUse(org)).toBe(3);
    await expect(limits.acquireSlot(org, 'late', 5, LEASE)).resolves.toBeUndefined();
  });

  it("takes again, once, the slot of a job Redis lost (flushed): listed, counted against the plan, and kept or released as any other", async () => {
    const lost = `${org}-lost`;
    await limits.acquireSlot(lost, 'running', 1, LEASE);
    // What a flush leaves: neither the lease nor the index.
    await limits.releaseSlot(lost, 'running');
    expect(await limits.slotsInUse(lost)).toBe(0);
    const [restored] = await limits.restoreSlots([{ holder: 'running', organizationId: lost }], LEASE);
    expect(restored).toEqual({ holder: 'running', organizationId: lost, since: expect.any(Number) });
    expect((await limits.slotHolders()).find((slot) => slot.organizationId === lost)).toEqual(restored);
    expect(await limits.restoreSlots([{ holder: 'running', organizationId: lost }], LEASE)).toEqual([]);
    expect(await limits.slotsInUse(lost)).toBe(1);
    expect((await limits.slotHolders()).filter((slot) => slot.organizationId === lost).map((slot) => slot.holder)).toEqual(['running']);
    await expect(limits.acquireSlot(lost, 'next', 1, LEASE)).rejects.toMatchObject({ code: 'concurrency_exceeded' });
    await limits.releaseSlot(lost, 'running');
    await expect(limits.acquireSlot(lost, 'next', 1, LEASE)).resolves.toBeUndefined();
  });

  it('releases a slot as it was seen, not one its holder took again since', async () => {
    const seen = `${org}-seen`;
    await limits.acquireSlot(seen, 'page', 2, LEASE);
    const [before] = (await limits.slotHolders()).filter((slot) => slot.organizationId === seen);
    await limits.releaseSlot(seen, 'page');
    await until(async () => (await redisNow(redis)) > before.since);
    await limits.acquireSlot(seen, 'page', 2, LEASE);
    expect(await limits.releaseSlotAsSeen(before)).toBe(false);
    expect(await limits.slotsInUse(seen)).toBe(1);
    const [now] = (await limits.slotHolders()).filter((slot) => slot.organizationId === seen);
    expect(await limits.releaseSlotAsSeen(now)).toBe(true);
    expect(await limits.slotsInUse(seen)).toBe(0);
  });

  it('frees the slot of a holder that died once its lease lapses', async () => {
    const other = `${org}-lease`;
    await limits.acquireSlot(other, 'dead', 1, 100);
    await expect(limits.acquireSlot(other, 'next', 1, LEASE)).rejects.toMatchObject({ code: 'concurrency_exceeded' });
    await until(async () => (await limits.slotsInUse(other)) === 0);
    await expect(limits.acquireSlot(other, 'next', 1, LEASE)).resolves.toBeUndefined();
  });

  it('restores a lapsed lease of a holder still indexed, and never one released meanwhile', async () => {
    const kept = `${org}-kept`;
    await limits.acquireSlot(kept, 'alive', 1, 100);
    const holder = (await limits.slotHolders()).find((entry) => entry.holder === 'alive' && entry.organizationId === kept);
    expect(holder).toEqual({ holder: 'alive', organizationId: kept, since: expect.any(Number) });
    await until(async () => (await limits.slotsInUse(kept)) === 0);
    await limits.keepSlots([holder!], LEASE);
    expect(await limits.slotsInUse(kept)).toBe(1);
    await expect(limits.acquireSlot(kept, 'blocked', 1, LEASE)).rejects.toMatchObject({ code: 'concurrency_exceeded' });
    await limits.releaseSlot(kept, 'alive');
    await limits.keepSlots([holder!], LEASE);
    expect(await limits.slotsInUse(kept)).toBe(0);
    expect((await limits.slotHolders()).some((entry) => entry.holder === 'alive')).toBe(false);
  });

  it('indexes a holder in its lease\'s own script, and never a refused one', async () => {
    const indexed = `${org}-index`;
    const before = Date.now();
    await limits.acquireSlot(indexed, 'first', 1, LEASE);
    await expect(limits.acquireSlot(indexed, 'refused', 1, LEASE)).rejects.toMatchObject({ code: 'concurrency_exceeded' });
    const holders = (await limits.slotHolders()).filter((entry) => entry.organizationId === indexed);
    expect(holders).toEqual([{ holder: 'first', organizationId: indexed, since: expect.any(Number) }]);
    expect(holders[0].since).toBeGreaterThanOrEqual(before);
    expect(holders[0].since).toBeLessThanOrEqual(Date.now());
    await limits.releaseSlot(indexed, 'first');
  });

  it('scores leases on Redis\'s clock: a process whose clock is an hour behind neither loses nor keeps another\'s slot', async () => {
    const skewed = `${org}-skew`;
    const hourBehind = jest.spyOn(Date, 'now').mockImplementation(() => new Date().getTime() - 3_600_000);
    try {
      await limits.acquireSlot(skewed, 'behind', 1, LEASE);
      await limits.keepSlots([{ holder: 'behind', organizationId: skewed, since: 0 }], LEASE);
    } finally {
      hourBehind.mockRestore();
    }
    // Read from a process with the right time: the lease is live, it blocks the plan's one slot, its since is Redis's now.
    expect(await limits.slotsInUse(skewed)).toBe(1);
    await expect(limits.acquireSlot(skewed, 'other', 1, LEASE)).rejects.toMatchObject({ code: 'concurrency_exceeded' });
    const [holder] = (await limits.slotHolders()).filter((entry) => entry.organizationId === skewed);
    expect(Math.abs(holder.since - (await redisNow(redis)))).toBeLessThan(5_000);
    await limits.releaseSlot(skewed, 'behind');
    expect(await limits.slotsInUse(skewed)).toBe(0);
  });

  it('allows the burst per second and refuses the next with Retry-After', async () => {
    const burst = `${org}-burst`;
    await Promise.all(Array.from({ length: 5 }, () => limits.takeBurstToken(burst, 5)));
    await expect(limits.takeBurstToken(burst, 5)).rejects.toMatchObject({ code: 'burst_exceeded', details: { retryAfterSeconds: 1 } });
  });
});
