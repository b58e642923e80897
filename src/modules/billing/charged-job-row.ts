import { CHARGED_JOB_COLUMNS } from '../../infra/database/job-columns.js';
import { exec, SqlStatement } from '../../infra/database/sql-program.js';
import type { ChargedJobRow, ChargeRequest } from './ledger-move.js';

const INSERT_CHARGED_JOB = `INSERT INTO job (${CHARGED_JOB_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** The charge's job row, as crawlgate_charge_job writes it (migration 1764600000000): queued, priced at the charge, on its host. */
export function insertChargedJob(r: ChargeRequest, job: ChargedJobRow): SqlStatement {
  return exec(INSERT_CHARGED_JOB, r.jobId, r.organizationId, job.kind, 'queued', r.host, r.amount, false, job.options, job.webhookUrl, job.createdAt, job.expiresAt);
}

/** crawlgate_charge_job's job parameters, in its order: all null without a job (then no row is written). */
export function chargedJobParams(job: ChargedJobRow | undefined): unknown[] {
  return job ? [job.kind, job.options, job.webhookUrl, job.createdAt, job.expiresAt] : [null, null, null, null, null];
}
