import { Dialect, exec, SqlProgram } from '../../infra/database/sql-program.js';
import { outcomeTally } from '../billing/usage.repository.js';

export interface EarlyAttemptRequest {
  readonly organizationId: string;
  readonly jobId: string;
  readonly host: string;
  /** The UTC day the attempt is tallied on. */
  readonly day: string;
}

/** Only a job not yet ended, and only once: its end tallies the attempt itself when it comes first (job-finish.ts). */
const MARK_EARLY = 'UPDATE job SET attempt_tallied_early = ? WHERE organization_id = ? AND id = ? AND status IN (?, ?) AND attempt_tallied_early = ?';

/**
 * service-spec States: "A request that returns 202 is already paid and already tallied." The job's attempt, tallied
 * as its request is answered 202; its end then adds only its crawl. The mark comes first and takes the row's lock, so
 * this and the job's end (in another process, ROLE=worker) each see what the other committed: the attempt is counted
 * by whichever writes first. Answers whether this call tallied it.
 */
export function* earlyAttemptProgram(dialect: Dialect, r: EarlyAttemptRequest): SqlProgram<boolean> {
  const marked = yield exec(MARK_EARLY, true, r.organizationId, r.jobId, 'queued', 'running', false);
  if (marked.affected !== 1) return false;
  yield outcomeTally(dialect, r.organizationId, r.day, r.host, { attempt: true, crawl: false });
  return true;
}
