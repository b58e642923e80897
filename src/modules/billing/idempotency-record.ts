import { isDuplicateKey } from '../../common/errors/store-errors.js';
import { rowDate } from '../../infra/database/row-values.js';
import { exec, query, SqlProgram, SqlProgramRunner } from '../../infra/database/sql-program.js';
import type { Dialect } from '../../infra/database/sql-program.js';

/** decisions.md 7.3: a key answers for the same request 24 hours. */
export const KEY_LIFE_MS = 24 * 3_600_000;

/**
 * A request's Idempotency-Key as the database keeps it (migration 1765000000011), written with the job the request
 * made, in the transaction that writes the job's row: the charge's, or a site crawl's creation. Redis holds the same
 * key as the fast path; this is what a Redis that restarted empty, or a first request that outlived its pending claim,
 * leaves: a duplicate's job row fails on the key, and the request replays the job that holds it.
 */
export interface IdempotencyRecord {
  /** SHA-256 of the key, hex. */
  readonly keyHash: string;
  /** The request's parameters (fingerprintOf). */
  readonly fingerprint: string;
}

/** The key is another job's: that job's id, the parameters it was made with, and when. */
export class IdempotencyKeyTaken extends Error {
  constructor(
    readonly jobId: string,
    readonly fingerprint: string,
    readonly createdAt: Date,
  ) {
    super(`The Idempotency-Key is held by job ${jobId}.`);
  }
}

/**
 * The key's row for `jobId`, after the job's own row in its transaction, as crawlgate_charge_keyed writes it (migration
 * 1765000000013): inserted first, locking only a row it meets (a DELETE first took a gap lock on MySQL, and two
 * organizations' keys in one gap deadlocked); a row of the same key past its day, or whose job's row is gone
 * (expired), is taken over; one held by a live job fails with a duplicate key's error, and the transaction rolls back
 * with it (keyTakenOr then says by which job).
 */
export function* recordKeyProgram(dialect: Dialect, organizationId: string, jobId: string, record: IdempotencyRecord, now: Date): SqlProgram<void> {
  const inserted = yield exec(`${dialect === 'mysql' ? 'INSERT IGNORE' : 'INSERT OR IGNORE'} INTO idempotency_key (organization_id, key_hash, fingerprint, job_id, created_at) VALUES (?, ?, ?, ?, ?)`,
    organizationId, record.keyHash, record.fingerprint, jobId, now);
  if (inserted.affected === 1) return;
  const taken = yield exec(
    'UPDATE idempotency_key SET fingerprint = ?, job_id = ?, created_at = ? WHERE organization_id = ? AND key_hash = ? '
      + 'AND (created_at < ? OR NOT EXISTS (SELECT 1 FROM job WHERE job.id = idempotency_key.job_id))',
    record.fingerprint, jobId, now, organizationId, record.keyHash, new Date(now.getTime() - KEY_LIFE_MS),
  );
  if (taken.affected === 0) throw new KeyHeld();
}

/** The key held by a live job, as the database's duplicate key error reads (store-errors.ts isDuplicateKey). */
class KeyHeld extends Error {
  readonly code = 'ER_DUP_ENTRY';

  constructor() {
    super('Duplicate entry: the Idempotency-Key is held by another job');
  }
}

/** crawlgate_charge_keyed's key parameters, in its order: all null without a key (then no row is written). */
export function recordKeyParams(record: IdempotencyRecord | undefined, now: Date): unknown[] {
  return record ? [record.keyHash, record.fingerprint, new Date(now.getTime() - KEY_LIFE_MS)] : [null, null, null];
}

/**
 * A job's creation that failed: IdempotencyKeyTaken when the failure is its key held by another job, else the error as
 * it was (a duplicate ledger entry, a refusal, an outage).
 */
export async function keyTakenOr(sql: SqlProgramRunner, error: unknown, organizationId: string, jobId: string, record: IdempotencyRecord | undefined): Promise<never> {
  if (!record || !isDuplicateKey(error)) throw error;
  // A row refused is a live job's (one past its day, or of a job gone, is taken over): the claim's reader answers it.
  const holder = await keyHolder(sql, organizationId, record.keyHash);
  if (!holder || holder.jobId === jobId) throw error;
  throw holder;
}

/**
 * The job that holds the key in the database, if a live one does (its row younger than a day, its job's row there):
 * read when Redis had no claim of the key, before anything is admitted, so a duplicate replays (or is 422) rather than
 * meet a limit the first request passed.
 */
export async function keyHolder(sql: SqlProgramRunner, organizationId: string, keyHash: string, now = new Date()): Promise<IdempotencyKeyTaken | null> {
  const [row] = await sql.rows(query(
    'SELECT k.job_id, k.fingerprint, k.created_at FROM idempotency_key k JOIN job j ON j.id = k.job_id WHERE k.organization_id = ? AND k.key_hash = ? AND k.created_at >= ?',
    organizationId, keyHash, new Date(now.getTime() - KEY_LIFE_MS),
  ));
  return row ? new IdempotencyKeyTaken(String(row.job_id), String(row.fingerprint), rowDate(row.created_at) ?? now) : null;
}

/** The key's row, deleted while it is still `jobId`'s: the request that made it gives the key up (refused or refunded). */
export function forgetKey(sql: SqlProgramRunner, organizationId: string, keyHash: string, jobId: string): Promise<unknown> {
  return sql.execute(exec('DELETE FROM idempotency_key WHERE organization_id = ? AND key_hash = ? AND job_id = ?', organizationId, keyHash, jobId));
}

/** Rows past their day, at most `batch` a call: the number found (a row taken over meanwhile is not deleted). */
export async function deleteExpiredKeys(sql: SqlProgramRunner, now: Date, batch: number): Promise<number> {
  const before = new Date(now.getTime() - KEY_LIFE_MS);
  const rows = await sql.rows(query('SELECT organization_id, key_hash FROM idempotency_key WHERE created_at < ? LIMIT ?', before, batch));
  if (rows.length === 0) return 0;
  const pairs = rows.map(() => '(?, ?)').join(', ');
  await sql.execute(exec(`DELETE FROM idempotency_key WHERE (organization_id, key_hash) IN (${pairs}) AND created_at < ?`,
    ...rows.flatMap((row) => [row.organization_id, row.key_hash]), before));
  return rows.length;
}
