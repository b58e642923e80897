import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { ErrorCode } from '../../src/common/errors/error-code.js';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { LedgerService } from '../../src/modules/billing/ledger.service.js';
import type { OperationRegistry } from '../../src/modules/jobs/operation-registry.js';
import { UnansweredRefundSweeper } from '../../src/modules/jobs/unanswered-refunds.sweeper.js';
import { balanceOf, fundedOrganization, ledgerSum, openDatabase } from './database.js';

/** A failed job whose waiting request never answered is refunded once its wait is long over; nothing else is. */
describe.each(['sqlite', 'mariadb'] as const)('the refund of failures no answer reached, on %s', (kind) => {
  let db: DataSource;
  let ledger: LedgerService;
  let sweeper: UnansweredRefundSweeper;
  let org: string;
  const now = Date.now();
  const registry = { kinds: () => ['crawl', 'site'], get: () => ({ dailyLimited: false }), ownKinds: () => ['site'] } as unknown as OperationRegistry;
  /** A datetime as each database takes it in a raw statement. */
  const stamp = (at: Date) => (kind === 'sqlite' ? at.toISOString().replace('T', ' ').replace('Z', '') : at);

  /** A job charged 7 credits `ageMs` ago and failed with `code` (`endedMs` ago, by default as it was made), as its row and ledger would be. */
  const failedJob = async (name: string, ageMs: number, code: string, extra: { early?: boolean; kind?: string; endedMs?: number } = {}) => {
    const jobId = `${org}_${name}`;
    const createdAt = new Date(now - ageMs);
    await ledger.charge({
      organizationId: org, requestKey: jobId, amount: 7, reason: 'crawl lost.example', jobId, host: 'lost.example',
      job: { kind: extra.kind ?? 'crawl', options: '{}', webhookUrl: null, createdAt, expiresAt: new Date(now + 86_400_000) },
    });
    await db.query('UPDATE job SET status = ?, error_code = ?, error_message = ?, attempt_tallied_early = ?, finished_at = ? WHERE id = ?',
      ['failed', code, 'failed', extra.early ? 1 : 0, stamp(new Date(now - (extra.endedMs ?? ageMs))), jobId]);
    return jobId;
  };
  const refunds = async () => (await db.query("SELECT request_key FROM ledger_entry WHERE organization_id = ? AND kind = 'refund' ORDER BY request_key", [org]))
    .map((row: { request_key: string }) => row.request_key.slice(org.length + 1));

  beforeAll(async () => {
    db = await openDatabase(kind, '_unanswered');
    const sql = new SqlProgramRunner(db);
    ledger = new LedgerService(sql);
    sweeper = new UnansweredRefundSweeper(null as never, sql, ledger, registry);
    org = await fundedOrganization(db, ledger, `ua${kind}`, 100);
  });
  afterAll(async () => db?.destroy());

  it('refunds each once, with its attempt for a pool that died; leaves 202s, billed failures, fresh ones, own kinds and refunded ones', async () => {
    const minutes = (n: number) => n * 60_000;
    await failedJob('lost', minutes(5), ErrorCode.WorkerLost);
    await failedJob('pool', minutes(5), ErrorCode.ProxyPoolUnavailable);
    await failedJob('answered202', minutes(5), ErrorCode.NavigationTimeout, { early: true });
    await failedJob('billed', minutes(5), ErrorCode.ActionFailed);
    // Ended less than a minute ago: the request that waited may still answer it, a stored copy's after a long run too.
    await failedJob('fresh', 30_000, ErrorCode.NavigationTimeout);
    await failedJob('long', minutes(3), ErrorCode.NavigationTimeout, { endedMs: 30_000 });
    await failedJob('site', minutes(5), ErrorCode.NavigationTimeout, { kind: 'site' });
    await failedJob('retired', minutes(5), ErrorCode.NavigationTimeout, { kind: 'retired' });
    await failedJob('old', minutes(25 * 60), ErrorCode.NavigationTimeout);
    const waited = await failedJob('waited', minutes(5), ErrorCode.NavigationTimeout);
    await ledger.refund({ organizationId: org, requestKey: waited, jobId: waited, host: 'lost.example', dailyLimited: false });
    const attempts = async () => Number((await db.query('SELECT SUM(attempts) AS n FROM usage_tally WHERE organization_id = ?', [org]))[0].n);
    await db.query('UPDATE usage_tally SET attempts = 5 WHERE organization_id = ?', [org]);
    const attemptsBefore = await attempts();
    expect(await balanceOf(db, org)).toBe(100 - 10 * 7 + 7);

    await sweeper.sweep(now);
    await sweeper.sweep(now);
    expect(await refunds()).toEqual(['lost', 'pool', 'waited']);
    expect(await balanceOf(db, org)).toBe(100 - 10 * 7 + 3 * 7);
    expect(await ledgerSum(db, org)).toBe(await balanceOf(db, org));
    const [job] = await db.query('SELECT refunded FROM job WHERE id = ?', [`${org}_lost`]);
    expect(Boolean(Number(job.refunded))).toBe(true);
    // The pool's attempt went back with its credits (decisions 8.4); the worker's loss keeps its attempt.
    expect(await attempts()).toBe(attemptsBefore - 1);
  });
});
