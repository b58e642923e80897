/**
 * The job table's columns, in the order plain-SQL reads name them (jobs/job-row.ts, jobs/job-start.ts). Migrations
 * write their own lists out: their text is frozen.
 */
export const JOB_COLUMN_NAMES = [
  'id', 'organization_id', 'kind', 'status', 'host', 'price', 'refunded', 'options', 'webhook_url', 'error_code', 'error_message',
  'created_at', 'started_at', 'finished_at', 'expires_at',
] as const;

/** The job's columns, qualified by `alias` when given (`j.id, j.organization_id, ...`). */
export function jobColumns(alias?: string): string {
  return JOB_COLUMN_NAMES.map((name) => (alias ? `${alias}.${name}` : name)).join(', ');
}

