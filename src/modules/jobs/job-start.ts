import type { Job } from '../../infra/database/entities/index.js';
import { jobColumns } from '../../infra/database/job-columns.js';
import { exec, query, SqlProgram } from '../../infra/database/sql-program.js';
import { jobFromRow } from './job-row.js';

export interface StartRequest {
  readonly organizationId: string;
  readonly jobId: string;
  readonly now: Date;
}

/** Only a queued job starts: another worker's claim, or the job's end, leaves the row unmoved. */
const START_QUEUED = 'UPDATE job SET status = ?, started_at = ? WHERE organization_id = ? AND id = ? AND status = ?';
const JOB_ROW = `SELECT ${jobColumns()} FROM job WHERE organization_id = ? AND id = ?`;

/**
 * SQLite's twin of the crawlgate_start procedure (migration 1764500000000): the same steps in one transaction. The
 * status write comes first and takes SQLite's write lock, so the row read after it is the one this call moved.
 * Answers the running job, or null when this call did not move it.
 */
export function* startProgram(r: StartRequest): SqlProgram<Job | null> {
  const moved = yield exec(START_QUEUED, 'running', r.now, r.organizationId, r.jobId, 'queued');
  if (moved.affected !== 1) return null;
  const [row] = yield query(JOB_ROW, r.organizationId, r.jobId);
  return jobFromRow(row);
}

/** crawlgate_start's parameters, in its order. */
export function startParams(r: StartRequest): unknown[] {
  return [r.organizationId, r.jobId, r.now];
}
