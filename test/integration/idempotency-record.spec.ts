import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Job, JobResult } from '../../src/infra/database/entities/index.js';
import { exec, query, SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { forgetKey, IdempotencyKeyTaken } from '../../src/modules/billing/idempotency-record.js';
import type { IdempotencyRecord } from '../../src/modules/billing/idempotency-record.js';
import type { ChargedJobRow } from '../../src/modules/billing/ledger-move.js';
import { LedgerService } from '../../src/modules/billing/ledger.service.js';
import { JobRepository } from '../../src/modules/jobs/job.repository.js';
import { FrontierRepository } from '../../src/modules/site/frontier/frontier.repository.js';
import { balanceOf, fundedOrganization, ledgerSum, openDatabase } from './database.js';

const HOUR = 3_600_000;

/**
 * decisions.md 7.3's key kept in the database with its job (crawlgate_charge_keyed on MariaDB, its twin program on
 * SQLite, and a site crawl's creation): what a Redis that restarted empty, or a pending claim that lapsed, leaves.
 */
describe.each(['sqlite', 'mariadb'] as const)('Idempotency-Keys kept with their jobs on %s', (kind) => {
  let db: DataSource;
  let sql: SqlProgramRunner;
  let ledger: LedgerService;
  let jobs: JobRepository;
  let frontier: FrontierRepository;
  let sequence = 0;
  const org = (balance: number) => fundedOrganization(db, ledger, `ik${kind}${(sequence += 1)}`, balance);
  const row = (): ChargedJobRow => ({ kind: 'crawl', options: '{}', webhookUrl: null, createdAt: new Date(), expiresAt: new Date(Date.now() + 48 * HOUR) });
  const key = (name: string, fingerprint = 'fp-1'): IdempotencyRecord => ({ keyHash: name.padEnd(64, '0'), fingerprint });
  const charge = (organizationId: string, jobId: string, idempotency?: IdempotencyRecord) =>
    ledger.charge({ organizationId, requestKey: jobId, amount: 5, reason: 'test', jobId, host: 'ik.example', job: row(), idempotency });
  const keys = async (organizationId: string) =>
    (await db.query('SELECT key_hash, fingerprint, job_id FROM idempotency_key WHERE organization_id = ? ORDER BY job_id', [organizationId]))
      .map((r: { key_hash: string; fingerprint: string; job_id: string }) => [r.key_hash.slice(0, 4), r.fingerprint, r.job_id]);
  const jobIds = async (organizationId: string) =>
    (await db.query('SELECT id FROM job WHERE organization_id = ? ORDER BY id', [organizationId])).map((r: { id: string }) => r.id);
  const taken = (jobId: string, fingerprint = 'fp-1') => expect.objectContaining({ constructor: IdempotencyKeyTaken, jobId, fingerprint, createdAt: expect.any(Date) });

  beforeAll(async () => {
    db = await openDatabase(kind, '_idemkey');
    sql = new SqlProgramRunner(db);
    ledger = new LedgerService(sql);
    jobs = new JobRepository(db.getRepository(Job), db.getRepository(JobResult), sql);
    frontier = new FrontierRepository(sql, ledger);
  });
  afterAll(async () => db?.destroy());

  it('writes the key with its charged job; a second job under it is refused by the key, nothing charged or written, its holder named', async () => {
    const id = await org(100);
    await charge(id, `${id}-a`, key('k1aa'));
    expect(await keys(id)).toEqual([['k1aa', 'fp-1', `${id}-a`]]);
    await expect(charge(id, `${id}-b`, key('k1aa'))).rejects.toEqual(taken(`${id}-a`));
    await expect(charge(id, `${id}-c`, key('k1aa', 'fp-2'))).rejects.toEqual(taken(`${id}-a`));
    expect([await balanceOf(db, id), await ledgerSum(db, id), await jobIds(id)]).toEqual([95, 95, [`${id}-a`]]);
    // Other keys and no key at all charge as ever; a refused charge (402) keeps no key.
    await charge(id, `${id}-d`, key('k2bb'));
    await charge(id, `${id}-e`);
    const poor = await org(3);
    await expect(charge(poor, `${poor}-a`, key('k1aa'))).rejects.toMatchObject({ code: 'insufficient_credits' });
    expect([await keys(id), await keys(poor)]).toEqual([[['k1aa', 'fp-1', `${id}-a`], ['k2bb', 'fp-1', `${id}-d`]], []]);
    expect(await balanceOf(db, id)).toBe(85);
  });

  it('frees a key past its day, or whose job was deleted, for the next job; keeps keys apart between organizations', async () => {
    const id = await org(100);
    await charge(id, `${id}-old`, key('k3cc'));
    await sql.execute(exec('UPDATE idempotency_key SET created_at = ? WHERE organization_id = ?', new Date(Date.now() - 24 * HOUR - 60_000), id));
    await charge(id, `${id}-new`, key('k3cc'));
    expect(await keys(id)).toEqual([['k3cc', 'fp-1', `${id}-new`]]);
    await db.query('DELETE FROM job WHERE id = ?', [`${id}-new`]);
    await charge(id, `${id}-next`, key('k3cc', 'fp-9'));
    expect(await keys(id)).toEqual([['k3cc', 'fp-9', `${id}-next`]]);
    const other = await org(100);
    await charge(other, `${other}-a`, key('k3cc'));
    expect(await keys(other)).toEqual([['k3cc', 'fp-1', `${other}-a`]]);
  });

  it('lets exactly one of concurrent charges under one key in; the others are told its job', async () => {
    const id = await org(100);
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => charge(id, `${id}-r${i}`, key('k4dd'))));
    const made = outcomes.flatMap((outcome, i) => (outcome.status === 'fulfilled' ? [`${id}-r${i}`] : []));
    expect(made).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toEqual(taken(made[0]));
    expect([await balanceOf(db, id), await ledgerSum(db, id), await jobIds(id), await keys(id)]).toEqual([95, 95, made, [['k4dd', 'fp-1', made[0]]]]);
  });

  it("lets many organizations' keyed charges run at once: a key's row locks no gap, so none waits on another's (60 organizations deadlocked on MariaDB)", async () => {
    const ids = await Promise.all(Array.from({ length: 60 }, () => org(100)));
    for (let round = 0; round < 6; round++) {
      const outcomes = await Promise.allSettled(ids.map((id) => charge(id, `${id}-g${round}`, key(`g${round}${id.slice(-2)}`))));
      expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => String((outcome as PromiseRejectedResult).reason))).toEqual([]);
    }
    for (const id of ids) expect(await balanceOf(db, id)).toBe(70);
  });

  it("writes a site crawl's key with its creation, refused as a charge's is", async () => {
    const id = await org(0);
    const crawl = (jobId: string) => frontier.create(Object.assign(new Job(), {
      id: jobId, organizationId: id, kind: 'site', status: 'queued', host: 'ik.example', price: 1, refunded: false, options: '{}', webhookUrl: null,
      createdAt: new Date(), expiresAt: new Date(Date.now() + 48 * HOUR),
    }), { url: 'http://ik.example/', keyHash: 'start', depth: 0, parent: null }, 5, key('k5ee'));
    expect(await crawl(`${id}-s1`)).toEqual(expect.any(String));
    await expect(crawl(`${id}-s2`)).rejects.toEqual(taken(`${id}-s1`));
    expect([await jobIds(id), await keys(id)]).toEqual([[`${id}-s1`], [['k5ee', 'fp-1', `${id}-s1`]]]);
    expect((await db.query('SELECT COUNT(*) AS n FROM site_page WHERE organization_id = ?', [id]))[0].n).toEqual(kind === 'sqlite' ? 1 : '1');
  });

  it("forgets a key only while it is still the given job's, and the janitor deletes keys past their day, a batch at a time", async () => {
    const id = await org(100);
    await charge(id, `${id}-a`, key('k6ff'));
    await charge(id, `${id}-b`, key('k7aa'));
    await forgetKey(sql, id, key('k6ff').keyHash, `${id}-other`);
    expect(await keys(id)).toHaveLength(2);
    await forgetKey(sql, id, key('k6ff').keyHash, `${id}-a`);
    expect(await keys(id)).toEqual([['k7aa', 'fp-1', `${id}-b`]]);
    await sql.execute(exec('UPDATE idempotency_key SET created_at = ?', new Date(Date.now() - 25 * HOUR)));
    await charge(id, `${id}-c`, key('k8bb'));
    let removed = 0;
    for (let count = -1; count !== 0;) removed += count = await jobs.deleteExpiredKeys(new Date());
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await keys(id)).toEqual([['k8bb', 'fp-1', `${id}-c`]]);
    expect(Number((await sql.rows(query('SELECT COUNT(*) AS n FROM idempotency_key WHERE created_at < ?', new Date(Date.now() - 24 * HOUR))))[0].n)).toBe(0);
  });
});
