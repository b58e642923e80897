import { Dialect, exec, query, SqlProgram } from '../../infra/database/sql-program.js';
import { rowBoolean } from '../../infra/database/row-values.js';
import { outcomeTally } from '../billing/usage.repository.js';

/** Why a job failed, as its row keeps it. */
export interface JobFailure {
  readonly code: string;
  readonly message: string;
}

/** A job's end as written: done with its result row, or failed with its error. */
export type JobEnd =
  | { readonly status: 'done'; readonly contentType: string; readonly body: Buffer; readonly meta: string }
  | { readonly status: 'failed'; readonly code: string; readonly message: string };

export interface FinishRequest {
  readonly organizationId: string;
  readonly jobId: string;
  readonly end: JobEnd;
  /** The UTC day the outcome is tallied on. */
  readonly day: string;
  readonly now: Date;
}

const RESULT_INSERT = 'INSERT INTO job_result (job_id, content_type, body, meta) VALUES (?, ?, ?, ?)';
const RESULT_UPSERT: Record<Dialect, string> = {
  mysql: `${RESULT_INSERT} ON DUPLICATE KEY UPDATE content_type = VALUES(content_type), body = VALUES(body), meta = VALUES(meta)`,
  sqlite: `${RESULT_INSERT} ON CONFLICT (job_id) DO UPDATE SET content_type = excluded.content_type, body = excluded.body, meta = excluded.meta`,
};
/** Only a running job ends: one already failed as lost keeps its failure. */
const END_RUNNING = 'UPDATE job SET status = ?, error_code = ?, error_message = ?, finished_at = ? WHERE organization_id = ? AND id = ? AND status = ?';

/**
 * SQLite's twin of the crawlgate_finish procedure (migration 1765000000008): the same steps in the same order, in one
 * transaction. The status write comes first: it takes SQLite's write lock, and when it moves no row nothing is written.
 * The attempt is tallied unless the request's 202 tallied it (job-early-attempt.ts); a success's crawl always.
 * Answers whether this end is the one kept.
 */
export function* finishProgram(dialect: Dialect, r: FinishRequest): SqlProgram<boolean> {
  const failure = r.end.status === 'failed' ? r.end : null;
  const moved = yield exec(END_RUNNING, r.end.status, failure?.code ?? null, failure?.message ?? null, r.now, r.organizationId, r.jobId, 'running');
  if (moved.affected !== 1) return false;
  if (r.end.status === 'done') yield exec(RESULT_UPSERT[dialect], r.jobId, r.end.contentType, r.end.body, r.end.meta);
  const [job] = yield query('SELECT host, attempt_tallied_early FROM job WHERE id = ?', r.jobId);
  const counts = { attempt: !rowBoolean(job.attempt_tallied_early), crawl: r.end.status === 'done' };
  if (counts.attempt || counts.crawl) yield outcomeTally(dialect, r.organizationId, r.day, job.host as string, counts);
  return true;
}

/** crawlgate_finish's parameters, in its order. */
export function finishParams(r: FinishRequest): unknown[] {
  const done = r.end.status === 'done' ? r.end : null;
  const failure = r.end.status === 'failed' ? r.end : null;
  return [
    r.organizationId, r.jobId, r.end.status, failure?.code ?? null, failure?.message ?? null,
    done?.contentType ?? null, done?.body ?? null, done?.meta ?? null, r.day, r.now,
  ];
}
