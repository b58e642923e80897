import type { Job } from '../../../infra/database/entities/index.js';
import { Dialect, exec, query, SqlProgram } from '../../../infra/database/sql-program.js';
import { rowInt } from '../../../infra/database/row-values.js';
import type { NewPage } from './frontier-types.js';
import { recordKeyProgram } from '../../billing/idempotency-record.js';
import type { IdempotencyRecord } from '../../billing/idempotency-record.js';
import { WebhookOutbox } from '../../webhooks/webhook-outbox.js';

const INSERT_JOB = 'INSERT INTO job (id, organization_id, kind, status, host, price, refunded, options, webhook_url, created_at, expires_at) '
  + 'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
const ACTIVE = "SELECT COUNT(*) AS n FROM job WHERE organization_id = ? AND kind = 'site' AND status IN ('queued', 'running')";

/**
 * A new crawl in one transaction: its job row (queued), its crawl row, its start page (waiting), its Idempotency-Key
 * (decisions.md 7.3; failing on its primary key when another job holds it). Refused (null) when
 * the organization already has `active` crawls queued or running; on MySQL its row is locked so two admissions count in turn.
 */
export function* createCrawlProgram(dialect: Dialect, job: Job, start: NewPage, active: number, key?: IdempotencyRecord): SqlProgram<string | null> {
  if (dialect === 'mysql') yield query('SELECT id FROM organization WHERE id = ? FOR UPDATE', job.organizationId);
  const [count] = yield query(ACTIVE, job.organizationId);
  if (rowInt(count.n) >= active) return null;
  yield exec(INSERT_JOB, job.id, job.organizationId, job.kind, 'queued', job.host, job.price, false, job.options, job.webhookUrl, job.createdAt, job.expiresAt);
  yield exec('INSERT INTO site_crawl (job_id, organization_id, admitted, reserved, finished, skipped_robots, skipped_scope, skipped_excluded, skipped_depth, '
    + 'skipped_duplicate, skipped_limit) VALUES (?, ?, 1, 0, 0, 0, 0, 0, 0, 0, 0)', job.id, job.organizationId);
  const page = yield exec("INSERT INTO site_page (crawl_id, organization_id, key_hash, url, depth, parent, state, attempts, retries, queued_at, credits) "
    + "VALUES (?, ?, ?, ?, 0, NULL, 'waiting', 0, 0, ?, 0)", job.id, job.organizationId, start.keyHash, start.url, job.createdAt);
  if (key) yield* recordKeyProgram(dialect, job.organizationId, job.id, key, job.createdAt);
  // Its job.finished is owed from the start: whatever ends the crawl, and whichever process, it is announced.
  if (job.webhookUrl) yield WebhookOutbox.oweStatement(dialect, { organizationId: job.organizationId, jobId: job.id }, job.createdAt);
  return String(page.insertId);
}
