import { Job, JobResult } from '../../infra/database/entities/index.js';
import { jobColumns } from '../../infra/database/job-columns.js';
import type { Row } from '../../infra/database/sql-program.js';
import { rowBoolean, rowBuffer, rowDate, rowInt } from '../../infra/database/row-values.js';

/** The job's columns, then its result's (null without one), for reads in plain SQL: `FROM job j LEFT JOIN job_result r`. */
export const JOB_WITH_RESULT_COLUMNS =
  `${jobColumns('j')}, r.job_id AS result_job_id, r.content_type AS result_content_type, r.body AS result_body, r.meta AS result_meta`;

/** A plain row as the Job entity TypeORM would have hydrated. */
export function jobFromRow(row: Row): Job {
  return Object.assign(new Job(), {
    id: row.id as string,
    organizationId: row.organization_id as string,
    kind: row.kind as string,
    status: row.status as Job['status'],
    host: row.host as string,
    price: rowInt(row.price),
    refunded: rowBoolean(row.refunded),
    options: row.options as string,
    webhookUrl: (row.webhook_url as string | null) ?? null,
    errorCode: (row.error_code as string | null) ?? null,
    errorMessage: (row.error_message as string | null) ?? null,
    createdAt: rowDate(row.created_at)!,
    startedAt: rowDate(row.started_at),
    finishedAt: rowDate(row.finished_at),
    expiresAt: rowDate(row.expires_at)!,
  });
}

/** The result columns of JOB_WITH_RESULT_COLUMNS, or null when the job has no result yet. */
export function resultFromRow(row: Row): JobResult | null {
  if (row.result_job_id === null || row.result_job_id === undefined) return null;
  return Object.assign(new JobResult(), {
    jobId: row.result_job_id as string,
    contentType: row.result_content_type as string,
    body: rowBuffer(row.result_body),
    meta: row.result_meta as string,
  });
}
