import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { sha256 } from '../../src/modules/auth/secrets.js';
import { IdempotencyService } from '../../src/modules/jobs/idempotency.service.js';

describe('Idempotency-Key claims in Redis', () => {
  const redis = new Redis(process.env.IT_REDIS_URL ?? 'redis://127.0.0.1:6379/5');
  const idempotency = new IdempotencyService(redis);
  const org = `it-idem-${Date.now()}`;
  afterAll(async () => redis.quit());

  it('lets exactly one of many concurrent claimants create the job; the others replay it', async () => {
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => idempotency.claim(org, 'k1', 'fp', `job${i}`)));
    const created = claims.filter((claim) => claim.kind === 'new');
    expect(created).toHaveLength(1);
    expect(new Set(claims.map((claim) => claim.jobId))).toEqual(new Set([created[0].jobId]));
  });

  it('refuses other parameters under the key with 422 on Idempotency-Key', async () => {
    await idempotency.claim(org, 'k2', 'fp-a', 'jobA');
    await expect(idempotency.claim(org, 'k2', 'fp-b', 'jobB')).rejects.toMatchObject({ code: 'validation_failed', details: { errors: { 'Idempotency-Key': [expect.any(String)] } } });
  });

  it('frees a released key for the next claimant, and a release never removes a later claim', async () => {
    const first = await idempotency.claim(org, 'k3', 'fp', 'job1');
    await first.release();
    expect(await idempotency.isReleased(org, 'k3', 'job1')).toBe(true);
    const second = await idempotency.claim(org, 'k3', 'fp', 'job2');
    expect([second.kind, second.jobId]).toEqual(['new', 'job2']);
    await first.release();
    expect(await idempotency.isReleased(org, 'k3', 'job2')).toBe(false);
    await second.confirm();
    expect(await redis.pttl(`crawlgate:idempotency:${org}:${sha256('k3')}`)).toBeGreaterThan(23 * 3_600_000);
  });

  it('holds a claim whose job does not exist yet for a minute only (an API dying there frees it), a confirmed one for a day', async () => {
    const pending = await idempotency.claim(org, 'k4', 'fp', 'job1');
    const ttl = () => redis.pttl(`crawlgate:idempotency:${org}:${sha256('k4')}`);
    expect(await ttl()).toBeLessThanOrEqual(60_000);
    expect(await ttl()).toBeGreaterThan(50_000);
    await pending.confirm();
    expect(await ttl()).toBeGreaterThan(23 * 3_600_000);
  });

  it('refuses malformed keys', async () => {
    for (const key of ['', ' ', 'a b', 'x'.repeat(256), 'é']) {
      await expect(idempotency.claim(org, key, 'fp', 'job')).rejects.toMatchObject({ code: 'validation_failed' });
    }
    await expect(idempotency.claim(org, 'x'.repeat(255), 'fp', 'job')).resolves.toMatchObject({ kind: 'new' });
  });
});
