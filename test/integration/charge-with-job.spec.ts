import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Job, JobResult } from '../../src/infra/database/entities/index.js';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import type { ChargedJobRow, ChargeRequest } from '../../src/modules/billing/ledger-move.js';
import { LedgerService } from '../../src/modules/billing/ledger.service.js';
import { JobRepository } from '../../src/modules/jobs/job.repository.js';
import { balanceOf, fundedOrganization, LATEST_MIGRATION, lastMigration, ledgerSum, openDatabase, undoMigrationsAfter } from './database.js';

/** The charge writes its job's row in its own transaction (crawlgate_charge_job on MariaDB, its twin program on SQLite). */
describe.each(['sqlite', 'mariadb'] as const)('the charge with its job row on %s', (kind) => {
  let db: DataSource;
  let ledger: LedgerService;
  let jobs: JobRepository;
  let sequence = 0;
  const org = (balance: number) => fundedOrganization(db, ledger, `cj${kind}${(sequence += 1)}`, balance);
  const row: ChargedJobRow = {
    kind: 'chat', options: '{"url":"http://cj.example/é","prompt":"ça"}', webhookUrl: 'https://hooks.example/cj',
    createdAt: new Date('2026-11-20T10:00:00.123Z'), expiresAt: new Date('2026-11-21T10:00:00.456Z'),
  };
  const charge = (organizationId: string, jobId: string, extra: Partial<ChargeRequest> = {}) =>
    ledger.charge({ organizationId, requestKey: jobId, amount: 30, reason: 'test', jobId, host: 'cj.example', job: row, ...extra });
  /** Everything a charge writes, and the organization's job rows. */
  const state = async (id: string) => {
    const [quota] = await db.query('SELECT used FROM daily_quota WHERE organization_id = ?', [id]);
    const [tally] = await db.query('SELECT requests, credits FROM usage_tally WHERE organization_id = ?', [id]);
    const charges = await db.query("SELECT job_id FROM ledger_entry WHERE organization_id = ? AND kind = 'charge' ORDER BY id", [id]);
    const jobRows = await db.query('SELECT id FROM job WHERE organization_id = ? ORDER BY id', [id]);
    return {
      balance: await balanceOf(db, id), ledger: await ledgerSum(db, id), used: Number(quota?.used ?? 0),
      requests: Number(tally?.requests ?? 0), credits: Number(tally?.credits ?? 0),
      charges: charges.map((c: { job_id: string }) => c.job_id), jobs: jobRows.map((j: { id: string }) => j.id),
    };
  };

  beforeAll(async () => {
    db = await openDatabase(kind, '_charge');
    const sql = new SqlProgramRunner(db);
    ledger = new LedgerService(sql);
    jobs = new JobRepository(db.getRepository(Job), db.getRepository(JobResult), sql);
  });
  afterAll(async () => db?.destroy());

  it('writes the job row of a taken charge: queued, priced at the charge, on its host, with the caller\'s columns', async () => {
    const id = await org(100);
    expect((await charge(id, `${id}-j1`)).balanceAfter).toBe(70);
    expect(await jobs.getForOrganization(id, `${id}-j1`)).toEqual(Object.assign(new Job(), {
      id: `${id}-j1`, organizationId: id, kind: 'chat', status: 'queued', host: 'cj.example', price: 30, refunded: false, options: row.options,
      webhookUrl: row.webhookUrl, errorCode: null, errorMessage: null, createdAt: row.createdAt, startedAt: null, finishedAt: null, expiresAt: row.expiresAt,
    }));
    expect(await state(id)).toEqual({ balance: 70, ledger: 70, used: 0, requests: 1, credits: 30, charges: [`${id}-j1`], jobs: [`${id}-j1`] });
    expect((await jobs.start(id, `${id}-j1`))?.status).toBe('running');
  });

  it('writes no job row for a charge without one', async () => {
    const id = await org(100);
    await charge(id, `${id}-bare`, { job: undefined });
    expect(await state(id)).toEqual({ balance: 70, ledger: 70, used: 0, requests: 1, credits: 30, charges: [`${id}-bare`], jobs: [] });
  });

  it('writes neither a ledger line nor a job row when the balance does not cover the charge', async () => {
    const id = await org(29);
    await expect(charge(id, `${id}-poor`)).rejects.toMatchObject({ code: 'insufficient_credits' });
    expect(await state(id)).toEqual({ balance: 29, ledger: 29, used: 0, requests: 0, credits: 0, charges: [], jobs: [] });
  });

  it('writes neither a ledger line nor a job row past the daily limit', async () => {
    const id = await org(100);
    await charge(id, `${id}-d1`, { dailyLimit: 1 });
    await expect(charge(id, `${id}-d2`, { dailyLimit: 1 })).rejects.toMatchObject({ code: 'daily_limit_reached' });
    expect(await state(id)).toEqual({ balance: 70, ledger: 70, used: 1, requests: 1, credits: 30, charges: [`${id}-d1`], jobs: [`${id}-d1`] });
  });

  it('keeps the first job row of a replayed request key: the second charge is refused by the unique key, nothing written', async () => {
    const id = await org(100);
    await charge(id, `${id}-once`, { dailyLimit: 5 });
    const again = charge(id, `${id}-once`, { dailyLimit: 5, job: { ...row, kind: 'crawl', options: '{}' } });
    await expect(again).rejects.toMatchObject({ code: kind === 'mariadb' ? 'ER_DUP_ENTRY' : 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(await state(id)).toEqual({ balance: 70, ledger: 70, used: 1, requests: 1, credits: 30, charges: [`${id}-once`], jobs: [`${id}-once`] });
    expect((await jobs.getForOrganization(id, `${id}-once`))?.kind).toBe('chat');
  });

  it('takes the whole charge back when its job row cannot be written: balance, ledger, quota and tally as before', async () => {
    const id = await org(100);
    await charge(id, `${id}-taken`);
    // A second request key on the same job id: the charge's every step succeeds but the job row's primary key.
    await expect(charge(id, `${id}-taken`, { requestKey: `${id}-other`, dailyLimit: 5 }))
      .rejects.toMatchObject({ code: kind === 'mariadb' ? 'ER_DUP_ENTRY' : 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    expect(await state(id)).toEqual({ balance: 70, ledger: 70, used: 0, requests: 1, credits: 30, charges: [`${id}-taken`], jobs: [`${id}-taken`] });
  });

  it('writes a job row for exactly the charges taken among many racing on one balance', async () => {
    const id = await org(95);
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => charge(id, `${id}-r${String(i).padStart(2, '0')}`)));
    const taken = outcomes.flatMap((outcome, i) => (outcome.status === 'fulfilled' ? [`${id}-r${String(i).padStart(2, '0')}`] : []));
    expect(taken).toHaveLength(3);
    const after = await state(id);
    expect([after.balance, after.ledger, after.requests]).toEqual([5, 5, 3]);
    expect([after.charges.sort(), after.jobs]).toEqual([taken, taken]);
  });

  it('marks the job row refunded when its charge is handed back', async () => {
    const id = await org(100);
    await charge(id, `${id}-back`, { dailyLimit: 5 });
    await ledger.refund({ organizationId: id, requestKey: `${id}-back`, jobId: `${id}-back`, host: 'cj.example', dailyLimited: true });
    expect((await jobs.getForOrganization(id, `${id}-back`))?.refunded).toBe(true);
    expect(await state(id)).toEqual({ balance: 100, ledger: 100, used: 0, requests: 1, credits: 0, charges: [`${id}-back`], jobs: [`${id}-back`] });
  });

  it('keeps the previous release\'s crawlgate_charge callable (rolling deploys); undoes and redoes its own migration', async () => {
    const parameters = async (name: string) => (kind === 'mariadb'
      ? Number((await db.query('SELECT COUNT(*) AS n FROM information_schema.PARAMETERS WHERE SPECIFIC_SCHEMA = DATABASE() AND SPECIFIC_NAME = ?', [name]))[0].n)
      : null);
    const both = async () => [await lastMigration(db), await parameters('crawlgate_charge_job'), await parameters('crawlgate_charge')];
    const id = await org(100);
    // The previous release's call, while this release runs: a charge and no job row.
    const previousRelease = async (key: string) => {
      if (kind !== 'mariadb') return;
      const [[answer]] = await db.query('CALL crawlgate_charge(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', [id, 30, 'test', key, key, 'cj.example', '2026-11-26', false, null, new Date()]);
      expect(answer).toEqual({ refusal: null, entry_id: expect.anything(), balance_after: expect.any(Number) });
    };
    await undoMigrationsAfter(db, 'ChargeWithJob1764600000000');
    expect(await both()).toEqual(['ChargeWithJob1764600000000', ...(kind === 'mariadb' ? [15, 10] : [null, null])]);
    await previousRelease(`${id}-old`);
    await db.undoLastMigration();
    expect(await both()).toEqual(['StartProcedure1764500000000', ...(kind === 'mariadb' ? [0, 10] : [null, null])]);
    await previousRelease(`${id}-older`);
    await db.runMigrations();
    expect(await both()).toEqual([LATEST_MIGRATION, ...(kind === 'mariadb' ? [15, 10] : [null, null])]);
    await charge(id, `${id}-new`);
    const charges = kind === 'mariadb' ? [`${id}-old`, `${id}-older`, `${id}-new`] : [`${id}-new`];
    expect(await state(id)).toMatchObject({ balance: 100 - 30 * charges.length, charges, jobs: [`${id}-new`] });
  });
});
