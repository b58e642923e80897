/**
 * The job table's columns, in the order plain-SQL reads name them: shared by the job's plain reads (jobs/job-row.ts)
 * and the procedures that answer a job row (crawlgate_start), so both read the same row.
 */
export const JOB_COLUMN_NAMES = [
  'id', 'organization_id', 'kind', 'status', 'host', 'price', 'refunded', 'options', 'webhook_url', 'error_code', 'error_message',
  'created_at', 'started_at', 'finished_at', 'expires_at',
] as const;

/** The job's columns, qualified by `alias` when given (`j.id, j.organization_id, ...`). */
export function jobColumns(alias?: string): string {
  return JOB_COLUMN_NAMES.map((name) => (alias ? `${alias}.${name}` : name)).join(', ');
}

/**
 * The columns the charge writes when it creates its job's row (crawlgate_charge and its SQLite twin); the others keep
 * their defaults (no error, not started, not finished).
 */
export const CHARGED_JOB_COLUMNS = 'id, organization_id, kind, status, host, price, refunded, options, webhook_url, created_at, expires_at';
