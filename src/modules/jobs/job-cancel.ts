import { ErrorCode } from '../../common/errors/error-code.js';
import { rowBoolean, rowDate } from '../../infra/database/row-values.js';
import { utcDay } from '../billing/utc-day.js';
import { Dialect, exec, query, SqlProgram } from '../../infra/database/sql-program.js';
import { attemptWithdrawn } from '../billing/usage.repository.js';
import { WebhookOutbox } from '../webhooks/webhook-outbox.js';

export interface CancelRequest {
  readonly dialect: Dialect;
  readonly organizationId: string;
  readonly jobId: string;
  readonly now: Date;
}

export const CANCELLED_MESSAGE = 'The job was cancelled before it started.';

/** Only a queued job is cancelled: a worker's start (job-start.ts) and this write race on the same row, one wins. */
const CANCEL_QUEUED = 'UPDATE job SET status = ?, error_code = ?, error_message = ?, finished_at = ? WHERE organization_id = ? AND id = ? AND status = ?';

/**
 * queued -> cancelled, answering whether this call moved the row. Run as the guard of the job's refund
 * (LedgerService.refundIf): the write takes the row's lock (MySQL) or the write lock (SQLite), so a worker's start
 * either came first (then nothing moves here) or finds the job no longer queued and skips it.
 */
export function* cancelQueuedProgram(r: CancelRequest): SqlProgram<boolean> {
  const moved = yield exec(CANCEL_QUEUED, 'cancelled', ErrorCode.Cancelled, CANCELLED_MESSAGE, r.now, r.organizationId, r.jobId, 'queued');
  if (moved.affected !== 1) return false;
  // Its 202 tallied its attempt (job-early-attempt.ts); a job cancelled before it started never reached the crawler
  // (decisions 3, 9.4: refunded in full), so the attempt goes back with the credits, on the day it was counted (the
  // 202 follows the job's creation within SYNC_WAIT_MS).
  const [job] = yield query('SELECT host, created_at, attempt_tallied_early, webhook_url FROM job WHERE id = ?', r.jobId);
  // Its end is owed to its webhook with the cancel itself: a process gone before it queued the delivery loses nothing.
  if (job.webhook_url) yield WebhookOutbox.oweStatement(r.dialect, { organizationId: r.organizationId, jobId: r.jobId }, r.now);
  if (rowBoolean(job.attempt_tallied_early)) {
    // The organization's row before its tally's, as a charge and the refund after this take them (MySQL: the other
    // order deadlocked against a charge of the same organization and host; SQLite holds its one write lock already).
    if (r.dialect === 'mysql') yield query('SELECT id FROM organization WHERE id = ? FOR UPDATE', r.organizationId);
    yield attemptWithdrawn(r.dialect, r.organizationId, utcDay(rowDate(job.created_at)!), job.host as string);
  }
  return true;
}
