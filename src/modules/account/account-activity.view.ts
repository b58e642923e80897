import type { Job, JobKind, JobStatus } from '../../infra/database/entities/index.js';

/** One row of GET /account/jobs (decisions.md 7.5). */
export interface AccountJobView {
  readonly job_id: string;
  readonly kind: JobKind;
  readonly status: JobStatus;
  readonly host: string;
  /** What the job costs now: its price, or 0 once refunded; a site crawl's pages' credits (its `credits_used`). */
  readonly credits: number;
  readonly created_at: string;
  readonly finished_at: string | null;
  readonly error: string | null;
}

export function accountJobView(job: Job & { readonly siteCredits?: number | null }): AccountJobView {
  return {
    job_id: job.id,
    kind: job.kind,
    status: job.status,
    host: job.host,
    credits: job.siteCredits ?? (job.refunded ? 0 : job.price),
    created_at: new Date(job.createdAt).toISOString(),
    finished_at: job.finishedAt ? new Date(job.finishedAt).toISOString() : null,
    error: job.errorMessage,
  };
}
