import { Injectable, Optional } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { isDuplicateKey } from '../../common/errors/store-errors.js';
import type { LedgerKind } from '../../infra/database/entities/index.js';
import { MetricsService } from '../../infra/metrics/metrics.service.js';
import { exec, query, SqlProgram, SqlProgramRunner, upsertAdd } from '../../infra/database/sql-program.js';
import { chargedJobParams, insertChargedJob } from './charged-job-row.js';
import { keyTakenOr, recordKeyParams, recordKeyProgram } from './idempotency-record.js';
import { insufficientCredits } from './insufficient-credits.js';
import type { ChargeRequest, LedgerMove } from './ledger-move.js';
import { dayOf, utcDay } from './utc-day.js';

/**
 * The most a grant may leave on a balance. Balances are 32-bit integer columns (2,147,483,647 at most; MySQL refuses
 * more, or clamps it without strict mode, and SQLite would hide it); the rest is room for the refunds of charges taken
 * before the grant, so no refund can pass the column's bound.
 */
export const MAX_BALANCE = 2_000_000_000;

/**
 * Credits move only here: one transaction writes the ledger entry and the balance together.
 * (request_key, kind) is unique, so a charge and its refund each happen at most once.
 */
@Injectable()
export class LedgerService {
  constructor(
    private readonly sql: SqlProgramRunner,
    @Optional() private readonly metrics?: MetricsService,
  ) {}

  /**
   * Throws 402 (insufficient_credits / daily_limit_reached) with the transaction rolled back. With `request.job`, the
   * job's row is written in the same transaction: it exists exactly when the charge is taken. With `request.idempotency`
   * too, the key's row: IdempotencyKeyTaken, nothing charged, when another job holds the key.
   */
  async charge(request: ChargeRequest): Promise<LedgerMove> {
    const day = utcDay();
    const now = new Date();
    const move = await (this.sql.dialect === 'mysql' ? this.callCharge(request, day, now) : this.sql.run(() => this.chargeProgram(request, day, now)))
      .catch((error: unknown) => keyTakenOr(this.sql, error, request.organizationId, request.jobId, request.idempotency));
    this.metrics?.creditsCharged(request.amount);
    return move;
  }

  /**
   * Hands back what the request key's charge took, exactly; replaying it, or a key that took nothing, changes nothing and
   * answers the current balance. `untallyAttempt` also takes back the job's attempt in the usage (a pool found dead,
   * decisions 8.4), in the same transaction.
   */
  async refund(request: RefundRequest): Promise<RefundMove> {
    const run = () => this.sql.run(() => this.refundProgram(request));
    // Two refunds of one charge at once (a waiting request and the unanswered-refunds sweep): the unique key lets one
    // entry in, and the other, run again, finds it made: a replay, never an error.
    const move = await run().catch((error: unknown) => (isDuplicateKey(error) ? run() : Promise.reject(error)));
    this.counted(move);
    return move;
  }

  /**
   * The refund, only when `guard`'s steps answer true, in the guard's transaction: e.g. a job cancelled only while
   * still queued (decisions 9.4), so the cancel and its refund happen together or not at all. Null: the guard refused.
   */
  async refundIf(guard: () => SqlProgram<boolean>, request: RefundRequest): Promise<RefundMove | null> {
    const refundProgram = this.refundProgram.bind(this);
    const move = await this.sql.run(function* () {
      return (yield* guard()) ? yield* refundProgram(request) : null;
    });
    if (move) this.counted(move);
    return move;
  }

  /**
   * `steps`, then the refunds they answer, in their transaction: e.g. a site page dropped and its charge handed back
   * together or not at all (decisions 9.3). Answers what the steps answered, and the credits the refunds handed back.
   */
  async refundAfter<T>(steps: () => SqlProgram<{ value: T; refunds: readonly RefundRequest[] }>): Promise<{ value: T; refunded: number }> {
    const refundProgram = this.refundProgram.bind(this);
    const { value, moved } = await this.sql.run(function* () {
      const asked = yield* steps();
      const made: RefundMove[] = [];
      for (const request of asked.refunds) made.push(yield* refundProgram(request));
      return { value: asked.value, moved: made };
    });
    moved.forEach((move) => this.counted(move));
    return { value, refunded: moved.reduce((sum, move) => sum + move.refunded, 0) };
  }

  private counted(move: RefundMove): void {
    if (move.refunded > 0) this.metrics?.creditsRefunded(move.refunded);
  }

  /**
   * `steps`, then the grant when `amount` is not 0 (a zero grant writes no entry), in their transaction: e.g. a new
   * organization's row and first key with its initial credits, all written or none. Answers the balance after.
   */
  async grantAfter(steps: () => SqlProgram<void>, organizationId: string, amount: number, reason: string, requestKey: string | null): Promise<number> {
    const grantProgram = this.grantProgram.bind(this);
    const balanceOf = this.balanceOf.bind(this);
    return this.sql.run(function* () {
      yield* steps();
      return amount === 0 ? yield* balanceOf(organizationId) : (yield* grantProgram(organizationId, amount, reason, 'grant', requestKey)).balanceAfter;
    });
  }

  /** Admin grants and corrections (negative amounts), and monthly top-ups (idempotent through requestKey). */
  grant(organizationId: string, amount: number, reason: string, kind: LedgerKind = 'grant', requestKey: string | null = null): Promise<LedgerMove> {
    return this.sql.run(() => this.grantProgram(organizationId, amount, reason, kind, requestKey));
  }

  /** Sets a free organization's balance to the allowance once per month; unused credits do not roll over. */
  topUp(organizationId: string, allowance: number, month: string): Promise<LedgerMove> {
    return this.sql.run(() => this.topUpProgram(organizationId, allowance, `topup:${organizationId}:${month}`));
  }

  private *topUpProgram(organizationId: string, allowance: number, requestKey: string): SqlProgram<LedgerMove> {
    const [done] = yield query('SELECT id FROM ledger_entry WHERE request_key = ? AND kind = ?', requestKey, 'topup');
    // A month already topped up takes no lock: every round reads every free organization.
    if (done) return { entryId: String(done.id), balanceAfter: yield* this.balanceOf(organizationId) };
    // Locked on MySQL: a charge committing between this read and the UPDATE would be lost (SQLite runs it all at once).
    const balance = yield* this.balanceOf(organizationId, this.sql.dialect === 'mysql');
    yield exec('UPDATE organization SET balance = ? WHERE id = ?', allowance, organizationId);
    const entry = yield this.insertEntry(organizationId, allowance - balance, allowance, 'topup', 'monthly free allowance', requestKey, null);
    return { entryId: String(entry.insertId), balanceAfter: allowance };
  }

  /** MySQL: the procedure of migration 1765000000013 runs the steps of chargeProgram in one round trip. */
  private async callCharge(r: ChargeRequest, day: string, now: Date): Promise<LedgerMove> {
    const [row] = await this.sql.call(
      'crawlgate_charge_keyed', r.organizationId, r.amount, r.reason.slice(0, 255), r.requestKey, r.jobId, r.host, day,
      r.dailyLimit !== undefined, r.dailyLimit ?? null, now, ...chargedJobParams(r.job), ...recordKeyParams(r.job && r.idempotency, now),
    );
    if (row.refusal) throw refusal(row.refusal as RefusalCode, r);
    return { entryId: String(row.entry_id), balanceAfter: Number(row.balance_after) };
  }

  private *chargeProgram(r: ChargeRequest, day: string, now: Date): SqlProgram<LedgerMove> {
    // The write first: it takes SQLite's write lock, so another process's commit cannot stale a read made before it.
    const moved = yield exec('UPDATE organization SET balance = balance - ? WHERE id = ? AND balance >= ?', r.amount, r.organizationId, r.amount);
    if (moved.affected !== 1) throw refusal(ErrorCode.InsufficientCredits, r);
    const balanceAfter = yield* this.balanceOf(r.organizationId);
    if (r.dailyLimit !== undefined) {
      yield upsertAdd(this.sql.dialect, 'daily_quota', { organization_id: r.organizationId, day }, { used: 1 });
      const [quota] = yield query('SELECT used FROM daily_quota WHERE organization_id = ? AND day = ?', r.organizationId, day);
      if (r.dailyLimit !== null && Number(quota.used) > r.dailyLimit) throw refusal(ErrorCode.DailyLimitReached, r);
    }
    const entry = yield this.insertEntry(r.organizationId, -r.amount, balanceAfter, 'charge', r.reason, r.requestKey, r.jobId);
    yield upsertAdd(this.sql.dialect, 'usage_tally', { organization_id: r.organizationId, day, host: r.host }, { requests: 1, credits: r.amount });
    if (r.job) yield insertChargedJob(r, r.job);
    if (r.job && r.idempotency) yield* recordKeyProgram(this.sql.dialect, r.organizationId, r.jobId, r.idempotency, now);
    return { entryId: String(entry.insertId), balanceAfter };
  }

  /** The one owner of a refund's amount: the charge's own, read here (a caller's price may have been worked out anew since). */
  private *refundProgram(r: RefundRequest): SqlProgram<RefundMove> {
    const [done] = yield query('SELECT id FROM ledger_entry WHERE organization_id = ? AND request_key = ? AND kind = ?', r.organizationId, r.requestKey, 'refund');
    if (done) return { entryId: String(done.id), balanceAfter: yield* this.balanceOf(r.organizationId), refunded: 0 };
    const [charged] = yield query('SELECT created_at, amount FROM ledger_entry WHERE organization_id = ? AND request_key = ? AND kind = ?', r.organizationId, r.requestKey, 'charge');
    // Nothing was taken under this key (a charge refused, or never made): nothing to hand back.
    if (!charged) return { entryId: null, balanceAfter: yield* this.balanceOf(r.organizationId), refunded: 0 };
    const amount = -Number(charged.amount);
    // The charge's UTC day, not today's: across midnight the refund gives back the day that was counted.
    const day = dayOf(charged.created_at);
    yield exec('UPDATE organization SET balance = balance + ? WHERE id = ?', amount, r.organizationId);
    const balanceAfter = yield* this.balanceOf(r.organizationId);
    const entry = yield this.insertEntry(r.organizationId, amount, balanceAfter, 'refund', r.reason ?? 'refund: the service did not deliver', r.requestKey, r.jobId);
    // The job's own charge handed back (a site page's refund is one of its crawl's many charges, not the crawl's).
    if (r.requestKey === r.jobId) yield exec('UPDATE job SET refunded = ? WHERE id = ? AND organization_id = ?', true, r.jobId, r.organizationId);
    if (r.dailyLimited) yield exec('UPDATE daily_quota SET used = used - 1 WHERE organization_id = ? AND day = ? AND used > 0', r.organizationId, day);
    yield upsertAdd(this.sql.dialect, 'usage_tally', { organization_id: r.organizationId, day, host: r.host }, { credits: -amount, ...(r.untallyAttempt ? { attempts: -1 } : {}) });
    return { entryId: String(entry.insertId), balanceAfter, refunded: amount };
  }

  private *grantProgram(organizationId: string, amount: number, reason: string, kind: LedgerKind, requestKey: string | null): SqlProgram<LedgerMove> {
    if (requestKey) {
      const [done] = yield query('SELECT id, amount, reason FROM ledger_entry WHERE request_key = ? AND kind = ?', requestKey, kind);
      // The same key with another amount or reason is another grant (decisions 7.3's rule for a reused key): 422.
      if (done && (Number(done.amount) !== amount || String(done.reason) !== reason.slice(0, 255))) {
        throw AppError.field('Idempotency-Key', 'was used for another grant (another amount or reason)');
      }
      if (done) return { entryId: String(done.id), balanceAfter: yield* this.balanceOf(organizationId) };
    }
    const moved = yield exec('UPDATE organization SET balance = balance + ? WHERE id = ? AND balance + ? BETWEEN 0 AND ?', amount, organizationId, amount, MAX_BALANCE);
    if (moved.affected !== 1) {
      throw AppError.field('amount', `would leave the balance below zero or above ${MAX_BALANCE.toLocaleString('en-US')}, or the organization does not exist`);
    }
    const balanceAfter = yield* this.balanceOf(organizationId);
    const entry = yield this.insertEntry(organizationId, amount, balanceAfter, kind, reason, requestKey, null);
    return { entryId: String(entry.insertId), balanceAfter };
  }

  private *balanceOf(organizationId: string, forUpdate = false): SqlProgram<number> {
    const [row] = yield query(`SELECT balance FROM organization WHERE id = ?${forUpdate ? ' FOR UPDATE' : ''}`, organizationId);
    return Number(row.balance);
  }

  private insertEntry(organizationId: string, amount: number, balanceAfter: number, kind: LedgerKind, reason: string, requestKey: string | null, jobId: string | null) {
    return exec(
      'INSERT INTO ledger_entry (organization_id, amount, balance_after, kind, reason, request_key, job_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      organizationId, amount, balanceAfter, kind, reason.slice(0, 255), requestKey, jobId, new Date(),
    );
  }
}

/** A refund names its charge by its request key; the amount is the charge's (refundProgram). */
export type RefundRequest = Omit<ChargeRequest, 'dailyLimit' | 'reason' | 'amount' | 'job'> & { dailyLimited: boolean; reason?: string; untallyAttempt?: boolean };

/** A refund's move: `refunded`, the credits handed back this time (0 when it was made before, or nothing was charged under its key). */
export interface RefundMove extends Omit<LedgerMove, 'entryId'> {
  readonly entryId: string | null;
  readonly refunded: number;
}

type RefusalCode = ErrorCode.InsufficientCredits | ErrorCode.DailyLimitReached;

function refusal(code: RefusalCode, r: ChargeRequest): AppError {
  return code === ErrorCode.InsufficientCredits
    ? insufficientCredits(r.amount)
    : new AppError(code, `The daily limit of ${r.dailyLimit} screenshot and chat requests is reached.`);
}
