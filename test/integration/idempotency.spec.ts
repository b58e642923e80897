import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { exec, query, SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { sha256 } from '../../src/modules/auth/secrets.js';
import { IdempotencyKeyTaken } from '../../src/modules/billing/idempotency-record.js';
import { IdempotencyService } from '../../src/modules/jobs/idempotency.service.js';
import { LedgerService } from '../../src/modules/billing/ledger.service.js';
import { fundedOrganization, openDatabase } from './database.js';

describe('Idempotency-Key claims in Redis', () => {
  const redis = new Redis(process.env.IT_REDIS_URL ?? 'redis://127.0.0.1:6379/5');
  let db: DataSource;
  let sql: SqlProgramRunner;
  let idempotency: IdempotencyService;
  const org = `it-idem-${Date.now()}`;
  beforeAll(async () => {
    db = await openDatabase('sqlite');
    sql = new SqlProgramRunner(db);
    idempotency = new IdempotencyService(redis, sql);
  });
  afterAll(async () => {
    await redis.quit();
    await db?.destroy();
  });

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

  it("a release gives up the key's database row too, only while the row is still its job's", async () => {
    const record = (jobId: string) => exec('INSERT INTO idempotency_key (organization_id, key_hash, fingerprint, job_id, created_at) VALUES (?, ?, ?, ?, ?)', org, sha256('k5'), 'fp', jobId, new Date());
    const rows = async () => (await sql.rows(query('SELECT job_id FROM idempotency_key WHERE organization_id = ?', org))).map((row) => row.job_id);
    const first = await idempotency.claim(org, 'k5', 'fp', 'job1');
    expect(first.record).toEqual({ keyHash: sha256('k5'), fingerprint: 'fp' });
    await sql.execute(record('job9'));
    await first.release();
    expect(await rows()).toEqual(['job9']);
    await sql.execute(exec('DELETE FROM idempotency_key WHERE organization_id = ?', org));
    const second = await idempotency.claim(org, 'k5', 'fp', 'job2');
    await sql.execute(record('job2'));
    await second.release();
    expect(await rows()).toEqual([]);
  });

  it('hands a pending claim over to the job the database says holds the key, for the rest of its day, never over a later claim', async () => {
    const redisKey = `crawlgate:idempotency:${org}:${sha256('k6')}`;
    const pending = await idempotency.claim(org, 'k6', 'fp', 'job1');
    await pending.adopt(new IdempotencyKeyTaken('held', 'fp', new Date(Date.now() - 3_600_000)));
    expect(await redis.get(redisKey)).toBe('held fp');
    expect(await redis.pttl(redisKey)).toBeGreaterThan(22.9 * 3_600_000);
    expect(await redis.pttl(redisKey)).toBeLessThanOrEqual(23 * 3_600_000);
    expect(await idempotency.claim(org, 'k6', 'fp', 'job2')).toMatchObject({ kind: 'replay', jobId: 'held' });
    await expect(idempotency.claim(org, 'k6', 'fp-other', 'job3')).rejects.toMatchObject({ code: 'validation_failed' });
    // A holder past its day adopts nothing; a claim no longer this request's is left alone.
    const later = await idempotency.claim(org, 'k7', 'fp', 'job1');
    await later.adopt(new IdempotencyKeyTaken('stale', 'fp', new Date(Date.now() - 25 * 3_600_000)));
    expect(await redis.get(`crawlgate:idempotency:${org}:${sha256('k7')}`)).toBe('job1 fp');
    await redis.set(`crawlgate:idempotency:${org}:${sha256('k7')}`, 'job2 fp');
    await later.adopt(new IdempotencyKeyTaken('held', 'fp', new Date()));
    expect(await redis.get(`crawlgate:idempotency:${org}:${sha256('k7')}`)).toBe('job2 fp');
  });

  it("frees a confirmed claim whose job's row is gone (expired before the key's day ended), never a pending one", async () => {
    const confirmed = await idempotency.claim(org, 'k8', 'fp', 'job1');
    expect(await idempotency.releaseExpiredJob(org, 'k8', 'job1')).toBe(false);
    await confirmed.confirm();
    expect(await idempotency.releaseExpiredJob(org, 'k8', 'job2')).toBe(false);
    expect(await idempotency.releaseExpiredJob(org, 'k8', 'job')).toBe(false);
    expect(await idempotency.releaseExpiredJob(org, 'k8', 'job1')).toBe(true);
    expect(await idempotency.claim(org, 'k8', 'fp', 'job3')).toMatchObject({ kind: 'new', jobId: 'job3' });
  });

  it('replays the job the database says holds a key Redis lost, before anything is admitted, and refuses other parameters under it', async () => {
    const ledger = new LedgerService(sql);
    const owner = await fundedOrganization(db, ledger, `it-held-${Date.now() % 100_000}`, 10);
    const now = new Date();
    await ledger.charge({
      organizationId: owner, requestKey: 'held-job', amount: 1, reason: 'test', jobId: 'held-job', host: 'a.example',
      job: { kind: 'crawl', options: '{}', webhookUrl: null, createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) },
      idempotency: { keyHash: sha256('k9'), fingerprint: 'fp' },
    });
    const redisKey = `crawlgate:idempotency:${owner}:${sha256('k9')}`;
    expect(await redis.exists(redisKey)).toBe(0);
    expect(await idempotency.claim(owner, 'k9', 'fp', 'job-new')).toMatchObject({ kind: 'replay', jobId: 'held-job' });
    // Redis knows it again, for the rest of its day.
    expect(await redis.get(redisKey)).toBe('held-job fp');
    await redis.del(redisKey);
    await expect(idempotency.claim(owner, 'k9', 'fp-other', 'job-new')).rejects.toMatchObject({ code: 'validation_failed' });
    // A key of no live job's (none written, or its job's row gone) is claimed anew.
    await sql.execute(exec('DELETE FROM job WHERE id = ?', 'held-job'));
    await redis.del(redisKey);
    expect(await idempotency.claim(owner, 'k9', 'fp', 'job-new')).toMatchObject({ kind: 'new', jobId: 'job-new' });
  });

  it('refuses malformed keys', async () => {
    for (const key of ['', ' ', 'a b', 'x'.repeat(256), 'é']) {
      await expect(idempotency.claim(org, key, 'fp', 'job')).rejects.toMatchObject({ code: 'validation_failed' });
    }
    await expect(idempotency.claim(org, 'x'.repeat(255), 'fp', 'job')).resolves.toMatchObject({ kind: 'new' });
  });
});
