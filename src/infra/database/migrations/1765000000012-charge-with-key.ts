import { CHARGE_STEPS } from './1764200000000-charge-procedure.js';
import { procedureMigration } from './mysql-procedure.js';

/**
 * crawlgate_charge_keyed: crawlgate_charge_job (migration 1764600000000), and with its job the request's
 * Idempotency-Key (migration 1765000000011) in the same transaction, when the caller passes one (p_key_hash not
 * null). A key whose row is older than p_key_expired_before, or whose job's row is gone, is free again; a key held by
 * another job fails the INSERT on its primary key, and the whole charge rolls back (the caller replays that job). A new
 * name, not a replacement: the previous release's processes still call crawlgate_charge_job. The job's column list is
 * written out: a migration's text is frozen.
 */
export const CHARGE_KEYED = `
CREATE PROCEDURE crawlgate_charge_keyed(
  IN p_organization_id VARCHAR(32), IN p_amount INT, IN p_reason VARCHAR(255), IN p_request_key VARCHAR(80),
  IN p_job_id VARCHAR(64), IN p_host VARCHAR(255), IN p_day VARCHAR(10), IN p_daily_limited BOOLEAN,
  IN p_daily_limit INT, IN p_now DATETIME(6),
  IN p_job_kind VARCHAR(16), IN p_job_options MEDIUMTEXT CHARACTER SET utf8mb4, IN p_job_webhook_url VARCHAR(2048) CHARACTER SET utf8mb4,
  IN p_job_created_at DATETIME(6), IN p_job_expires_at DATETIME(6),
  IN p_key_hash VARCHAR(64), IN p_key_fingerprint VARCHAR(64), IN p_key_expired_before DATETIME(6))
MODIFIES SQL DATA
charge: BEGIN${CHARGE_STEPS}
  IF p_job_kind IS NOT NULL THEN
    INSERT INTO job (id, organization_id, kind, status, host, price, refunded, options, webhook_url, created_at, expires_at) VALUES (p_job_id, p_organization_id, p_job_kind, 'queued', p_host, p_amount, FALSE,
      p_job_options, p_job_webhook_url, p_job_created_at, p_job_expires_at);
    IF p_key_hash IS NOT NULL THEN
      DELETE FROM idempotency_key WHERE organization_id = p_organization_id AND key_hash = p_key_hash
        AND (created_at < p_key_expired_before OR NOT EXISTS (SELECT 1 FROM job WHERE job.id = idempotency_key.job_id));
      INSERT INTO idempotency_key (organization_id, key_hash, fingerprint, job_id, created_at)
        VALUES (p_organization_id, p_key_hash, p_key_fingerprint, p_job_id, p_now);
    END IF;
  END IF;
  COMMIT;
  SELECT NULL AS refusal, v_entry AS entry_id, v_balance AS balance_after;
END`;

export const ChargeWithKey1765000000012 = procedureMigration('ChargeWithKey1765000000012', 'crawlgate_charge_keyed', CHARGE_KEYED);
