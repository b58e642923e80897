import { CHARGE_STEPS } from './1764200000000-charge-procedure.js';
import { procedureMigration } from './mysql-procedure.js';

/**
 * crawlgate_charge_job: crawlgate_charge's steps, and its job's row written in the same transaction when the caller
 * passes one (p_job_kind not null): admission becomes one round trip instead of two. A new name, not a replacement:
 * during a rolling deploy the previous release's processes still call crawlgate_charge (migration 1764200000000) with
 * its ten parameters, and it stays until no release calls it. The row is written after every refusal and after the ledger
 * entry, so a refused charge (balance, daily limit) or a replayed request key (the entry's unique key) writes no job
 * row, and a row that cannot be written takes the charge back with it. A charged job starts queued, priced at the
 * charge, on the charged host. The steps are crawlgate_charge's own text (CHARGE_STEPS, frozen with it); the column
 * list is written out: a migration's text is frozen.
 */
const CHARGE_WITH_JOB = `
CREATE PROCEDURE crawlgate_charge_job(
  IN p_organization_id VARCHAR(32), IN p_amount INT, IN p_reason VARCHAR(255), IN p_request_key VARCHAR(80),
  IN p_job_id VARCHAR(64), IN p_host VARCHAR(255), IN p_day VARCHAR(10), IN p_daily_limited BOOLEAN,
  IN p_daily_limit INT, IN p_now DATETIME(6),
  IN p_job_kind VARCHAR(16), IN p_job_options MEDIUMTEXT CHARACTER SET utf8mb4, IN p_job_webhook_url VARCHAR(2048) CHARACTER SET utf8mb4,
  IN p_job_created_at DATETIME(6), IN p_job_expires_at DATETIME(6))
MODIFIES SQL DATA
charge: BEGIN${CHARGE_STEPS}
  IF p_job_kind IS NOT NULL THEN
    INSERT INTO job (id, organization_id, kind, status, host, price, refunded, options, webhook_url, created_at, expires_at) VALUES (p_job_id, p_organization_id, p_job_kind, 'queued', p_host, p_amount, FALSE,
      p_job_options, p_job_webhook_url, p_job_created_at, p_job_expires_at);
  END IF;
  COMMIT;
  SELECT NULL AS refusal, v_entry AS entry_id, v_balance AS balance_after;
END`;

export const ChargeWithJob1764600000000 = procedureMigration('ChargeWithJob1764600000000', 'crawlgate_charge_job', CHARGE_WITH_JOB);
