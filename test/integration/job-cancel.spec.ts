import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Job, JobResult } from '../../src/infra/database/entities/index.js';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import type { ChargedJobRow } from '../../src/modules/billing/ledger-move.js';
import { LedgerService } from '../../src/modules/billing/ledger.service.js';
import { cancelQueuedProgram, CANCELLED_MESSAGE } from '../../src/modules/jobs/job-cancel.js';
import { JobRepository } from '../../src/modules/jobs/job.repository.js';
import { balanceOf, fundedOrganization, ledgerSum, openDatabase } from './database.js';

/** DELETE /crawl/{job}'s write: queued -> cancelled and its refund, in one transaction, only while the job is still queued. */
describe.each(['sqlite', 'mariadb'] as const)('the cancel of a queued job on %s', (kind) => {
  let db: DataSource;
  let ledger: LedgerService;
  let jobs: JobRepository;
  let sequence = 0;
  const row: ChargedJobRow = {
    kind: 'crawl', options: '{"url":"http://cancel.example/"}', webhookUrl: null,
    createdAt: new Date('2026-11-20T10:00:00.123Z'), expiresAt: new Date('2026-11-21T10:00:00.456Z'),
  };
  /** A funded organization with one charged, queued job of 7 credits. */
  const chargedJob = async (): Promise<{ org: string; jobId: string }> => {
    const org = await fundedOrganization(db, ledger, `cn${kind}${(sequence += 1)}`, 100);
    const jobId = `${org}_job`;
    await ledger.charge({ organizationId: org, requestKey: jobId, amount: 7, reason: 'crawl cancel.example', jobId, host: 'cancel.example', job: row });
    return { org, jobId };
  };
  const cancel = (org: string, jobId: string, asOrg = org) => ledger.refundIf(
    () => cancelQueuedProgram({ dialect: jobs.dialect, organizationId: asOrg, jobId, now: new Date() }),
    { organizationId: org, requestKey: jobId, jobId, host: 'cancel.example', dailyLimited: false, reason: 'refund: cancelled before it started' },
  );
  /** The job's status, error and refund flag; the organization's balance, ledger sum and refund entries. */
  const state = async (org: string, jobId: string) => {
    const [job] = await db.query('SELECT status, error_code, error_message, refunded, finished_at FROM job WHERE id = ?', [jobId]);
    const refunds = await db.query("SELECT amount FROM ledger_entry WHERE request_key = ? AND kind = 'refund'", [jobId]);
    const [tally] = await db.query('SELECT credits FROM usage_tally WHERE organization_id = ?', [org]);
    return {
      status: job.status, code: job.error_code, message: job.error_message, refunded: Boolean(Number(job.refunded)), finished: job.finished_at !== null,
      balance: await balanceOf(db, org), ledger: await ledgerSum(db, org), refunds: refunds.map((r: { amount: number }) => Number(r.amount)), credits: Number(tally.credits),
    };
  };
  const CANCELLED = { status: 'cancelled', code: 'cancelled', message: CANCELLED_MESSAGE, refunded: true, finished: true, balance: 100, ledger: 100, refunds: [7], credits: 0 };

  beforeAll(async () => {
    db = await openDatabase(kind, '_cancel');
    const sql = new SqlProgramRunner(db);
    ledger = new LedgerService(sql);
    jobs = new JobRepository(db.getRepository(Job), db.getRepository(JobResult), sql);
  });
  afterAll(async () => db?.destroy());

  it('takes back the attempt its 202 tallied, with the credits: a job cancelled before it started never reached the crawler', async () => {
    const org = await fundedOrganization(db, ledger, `cn${kind}${(sequence += 1)}`, 100);
    const jobId = `${org}_job`;
    await ledger.charge({ organizationId: org, requestKey: jobId, amount: 7, reason: 'crawl cancel.example', jobId, host: 'cancel.example', job: { ...row, createdAt: new Date() } });
    const attempts = async () => (await db.query('SELECT attempts FROM usage_tally WHERE organization_id = ?', [org])).map((day: { attempts: number }) => Number(day.attempts));
    expect(await jobs.tallyEarlyAttempt(org, jobId, 'cancel.example')).toBe(true);
    expect(await attempts()).toEqual([1]);
    expect(await cancel(org, jobId)).toMatchObject({ balanceAfter: 100 });
    expect(await attempts()).toEqual([0]);
    // A second cancel moves nothing, the attempt included.
    expect(await cancel(org, jobId)).toBeNull();
    expect(await attempts()).toEqual([0]);
  });

  it("takes the organization's row before its tally's, as a charge does: a charge holding the organization while a 202'd job is cancelled never deadlocks", async () => {
    if (kind !== 'mariadb') return; // SQLite holds one write lock for the whole transaction: no order to keep.
    const org = await fundedOrganization(db, ledger, `cn${kind}${(sequence += 1)}`, 100);
    const jobId = `${org}_job`;
    const createdAt = new Date();
    await ledger.charge({ organizationId: org, requestKey: jobId, amount: 7, reason: 'crawl cancel.example', jobId, host: 'cancel.example', job: { ...row, createdAt } });
    expect(await jobs.tallyEarlyAttempt(org, jobId, 'cancel.example')).toBe(true);
    // A charge of the same organization and host, as crawlgate_charge_job takes its rows: the organization, then the tally.
    const charge = db.createQueryRunner();
    await charge.connect();
    try {
      await charge.query('SET SESSION innodb_lock_wait_timeout = 10');
      await charge.startTransaction();
      await charge.query('SELECT balance FROM organization WHERE id = ? FOR UPDATE', [org]);
      const cancelled = cancel(org, jobId);
      // The cancel waits for the organization's row (its own threads are listed without the PROCESS privilege).
      const waiting = async () => (await db.query('SHOW PROCESSLIST') as { Info: string | null }[]).filter((thread) => /\borganization\b/.test(thread.Info ?? '')).length;
      for (const until = Date.now() + 5000; (await waiting()) === 0 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await waiting()).toBe(1);
      const day = createdAt.toISOString().slice(0, 10);
      await charge.query('UPDATE usage_tally SET requests = requests + 1 WHERE organization_id = ? AND day = ? AND host = ?', [org, day, 'cancel.example']);
      await charge.commitTransaction();
      expect(await cancelled).toMatchObject({ balanceAfter: 100 });
    } finally {
      if (charge.isTransactionActive) await charge.rollbackTransaction();
      await charge.release();
    }
    expect(await db.query('SELECT requests, attempts FROM usage_tally WHERE organization_id = ?', [org])).toEqual([{ requests: 2, attempts: 0 }]);
  });

  it('cancels a queued job and refunds it in full, once; a second cancel moves nothing', async () => {
    const { org, jobId } = await chargedJob();
    expect((await state(org, jobId)).balance).toBe(93);
    expect(await cancel(org, jobId)).toMatchObject({ balanceAfter: 100 });
    expect(await state(org, jobId)).toEqual(CANCELLED);
    expect(await cancel(org, jobId)).toBeNull();
    expect(await state(org, jobId)).toEqual(CANCELLED);
  });

  it("owes the job's webhook with the cancel, in its transaction; a job without one owes nothing", async () => {
    const owed = async (jobId: string) => (await db.query('SELECT delivery, organization_id, job_id, page_id FROM webhook_outbox WHERE job_id = ?', [jobId]));
    const org = await fundedOrganization(db, ledger, `cn${kind}${(sequence += 1)}`, 100);
    const jobId = `${org}_hooked`;
    await ledger.charge({ organizationId: org, requestKey: jobId, amount: 7, reason: 'crawl cancel.example', jobId, host: 'cancel.example', job: { ...row, webhookUrl: 'http://hook.example/in' } });
    expect(await owed(jobId)).toEqual([]);
    await cancel(org, jobId);
    expect(await owed(jobId)).toEqual([{ delivery: `webhook:${jobId}`, organization_id: org, job_id: jobId, page_id: null }]);
    const plain = await chargedJob();
    await cancel(plain.org, plain.jobId);
    expect(await owed(plain.jobId)).toEqual([]);
  });

  it('leaves a cancelled job unstarted: a worker taking it afterwards gets nothing', async () => {
    const { org, jobId } = await chargedJob();
    await cancel(org, jobId);
    expect(await jobs.start(org, jobId)).toBeNull();
    expect(await state(org, jobId)).toEqual(CANCELLED);
  });

  it('cancels nothing and refunds nothing once a worker has started the job, nor once it has ended', async () => {
    const { org, jobId } = await chargedJob();
    expect((await jobs.start(org, jobId))?.status).toBe('running');
    expect(await cancel(org, jobId)).toBeNull();
    const charged = { code: null, message: null, refunded: false, finished: false, balance: 93, ledger: 93, refunds: [], credits: 7 };
    expect(await state(org, jobId)).toEqual({ status: 'running', ...charged });
    expect(await jobs.finish(org, jobId, { code: 'target_unreachable', message: 'gone' })).toBe(true);
    expect(await cancel(org, jobId)).toBeNull();
    expect(await state(org, jobId)).toEqual({ status: 'failed', ...charged, code: 'target_unreachable', message: 'gone', finished: true });
  });

  it("cancels nothing of another organization's", async () => {
    const { org, jobId } = await chargedJob();
    const other = await fundedOrganization(db, ledger, `cnother${kind}`, 5);
    expect(await cancel(org, jobId, other)).toBeNull();
    expect((await state(org, jobId)).status).toBe('queued');
    expect(await balanceOf(db, org)).toBe(93);
  });

  it('decides every race between a worker\'s start and a cancel for exactly one of them', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 12; round += 1) {
      const { org, jobId } = await chargedJob();
      // Alternate who is sent first, so each side wins some rounds on a database that runs them one by one.
      const [started, cancelled] = round % 2 === 0
        ? await Promise.all([jobs.start(org, jobId), cancel(org, jobId)])
        : await Promise.all([cancel(org, jobId), jobs.start(org, jobId)]).then(([c, s]) => [s, c] as const);
      expect([started, cancelled].filter((winner) => winner !== null)).toHaveLength(1);
      const after = await state(org, jobId);
      if (cancelled) expect(after).toEqual(CANCELLED);
      else expect([after.status, after.balance, after.ledger, after.refunds]).toEqual(['running', 93, 93, []]);
      outcomes.push(after.status);
    }
    // Which side wins a round is the database's scheduling (the tests above hold each order); every round had one winner.
    expect(outcomes).toHaveLength(12);
  });
});
