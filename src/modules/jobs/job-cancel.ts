import { ErrorCode } from '../../common/errors/error-code.js';
import { exec, SqlProgram } from '../../infra/database/sql-program.js';

export interface CancelRequest {
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
  return moved.affected === 1;
}
