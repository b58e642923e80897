import { exec, SqlStatement } from '../../infra/database/sql-program.js';
import type { ChargedJobRow, ChargeRequest } from './ledger-move.js';

/**
 * The columns the charge writes when it creates its job's row (crawlgate_charge_job's migration writes the same list
 * out); the others keep their defaults (no error, not started, not finished).
 */
const INSERT_CHARGED_JOB = 'INSERT INTO job (id, organization_id, kind, status, host, price, refunded, options, webhook_url, created_at, expires_at) '
  + 'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';

/** The charge's job row, as crawlgate_charge_job writes it (migration 1764600000000): queued, priced at the charge, on its host. */
export function insertChargedJob(r: ChargeRequest, job: ChargedJobRow): SqlStatement {
  return exec(INSERT_CHARGED_JOB, r.jobId, r.organizationId, job.kind, 'queued', r.host, r.amount, false, job.options, job.webhookUrl, job.createdAt, job.expiresAt);
}

/** crawlgate_charge_job's job parameters, in its order: all null without a job (then no row is written). */
export function chargedJobParams(job: ChargedJobRow | undefined): unknown[] {
  return job ? [job.kind, job.options, job.webhookUrl, job.createdAt, job.expiresAt] : [null, null, null, null, null];
}
