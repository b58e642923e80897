import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { LimitsService } from '../../src/modules/billing/limits.service.js';

describe('concurrency slots and burst tokens in Redis', () => {
  const redis = new Redis(process.env.IT_REDIS_URL ?? 'redis://127.0.0.1:6379/5');
  const limits = new LimitsService(redis);
  const org = `it-${Date.now()}`;
  afterAll(async () => redis.quit());

  it('holds the plan limit across concurrent takers and frees a slot on release', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => limits.acquireSlot(org, `job${i}`, 5)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    expect(await limits.slotsInUse(org)).toBe(5);
    await limits.releaseSlot(org, 'job0');
    await limits.releaseSlot(org, 'job1');
    await expect(limits.acquireSlot(org, 'late', 5)).resolves.toBeUndefined();
  });

  it('frees the slot of a holder that died once its lease expires, and renewing keeps it', async () => {
    const other = `${org}-lease`;
    await limits.acquireSlot(other, 'dead', 1, 300);
    await limits.acquireSlot(`${other}-2`, 'alive', 1, 300);
    await expect(limits.acquireSlot(other, 'next', 1)).rejects.toMatchObject({ code: 'concurrency_exceeded' });
    await new Promise((done) => setTimeout(done, 200));
    await limits.renewSlot(`${other}-2`, 'alive', 300);
    await new Promise((done) => setTimeout(done, 200));
    await expect(limits.acquireSlot(other, 'next', 1)).resolves.toBeUndefined();
    await expect(limits.acquireSlot(`${other}-2`, 'blocked', 1)).rejects.toMatchObject({ code: 'concurrency_exceeded' });
  });

  it('allows the burst per second and refuses the next with Retry-After', async () => {
    const burst = `${org}-burst`;
    await Promise.all(Array.from({ length: 5 }, () => limits.takeBurstToken(burst, 5)));
    await expect(limits.takeBurstToken(burst, 5)).rejects.toMatchObject({ code: 'burst_exceeded', details: { retryAfterSeconds: 1 } });
  });
});
