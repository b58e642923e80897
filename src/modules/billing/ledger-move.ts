import type { IdempotencyRecord } from './idempotency-record.js';

/** What the ledger is asked to move and what it answers, shared by its SQLite and MySQL charge programs. */
export interface ChargeRequest {
  readonly organizationId: string;
  readonly requestKey: string;
  readonly amount: number;
  readonly reason: string;
  readonly jobId: string;
  readonly host: string;
  /** Counted against the daily limit when set; null: unlimited. undefined: not a daily-limited operation. */
  readonly dailyLimit?: number | null;
  /** The row of the job this charge pays for, written in the charge's transaction: none when the charge is refused. */
  readonly job?: ChargedJobRow;
  /** The request's Idempotency-Key, written with its job's row (only with `job`). */
  readonly idempotency?: IdempotencyRecord;
}

/** What a charged job's row holds beyond the charge's own facts (its id, organization, host and price are the charge's). */
export interface ChargedJobRow {
  readonly kind: string;
  /** The operation's options, as JSON. */
  readonly options: string;
  readonly webhookUrl: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

export interface LedgerMove {
  readonly entryId: string;
  readonly balanceAfter: number;
}
