import { CHARGE_STEPS } from './1764200000000-charge-procedure.js';
import { CHARGE_KEYED } from './1765000000012-charge-with-key.js';
import { procedureMigration } from './mysql-procedure.js';

/**
 * crawlgate_charge_keyed as in migration 1765000000012, but the key's row is inserted first and taken over only when
 * it is there: its DELETE of a row that was not there took a gap lock (InnoDB, repeatable read), and two organizations'
 * keyed charges whose keys fell in one gap each waited for the other's insert (a deadlock). An INSERT IGNORE locks the
 * row it met, never a gap; a row past its day or whose job's row is gone is then updated to this job; one held by a live
 * job fails the charge with the duplicate key's error (1062), which rolls everything back. Replaced under its name,
 * its parameters unchanged. The same steps for SQLite and a site crawl's creation: recordKeyProgram (idempotency-record.ts).
 */
const CHARGE_KEYED_INSERT_FIRST = `
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
      INSERT IGNORE INTO idempotency_key (organization_id, key_hash, fingerprint, job_id, created_at)
        VALUES (p_organization_id, p_key_hash, p_key_fingerprint, p_job_id, p_now);
      IF ROW_COUNT() = 0 THEN
        UPDATE idempotency_key SET fingerprint = p_key_fingerprint, job_id = p_job_id, created_at = p_now
          WHERE organization_id = p_organization_id AND key_hash = p_key_hash
            AND (created_at < p_key_expired_before OR NOT EXISTS (SELECT 1 FROM job WHERE job.id = idempotency_key.job_id));
        IF ROW_COUNT() = 0 THEN
          SIGNAL SQLSTATE '23000' SET MYSQL_ERRNO = 1062, MESSAGE_TEXT = 'Duplicate entry: the Idempotency-Key is held by another job';
        END IF;
      END IF;
    END IF;
  END IF;
  COMMIT;
  SELECT NULL AS refusal, v_entry AS entry_id, v_balance AS balance_after;
END`;

export const ChargeKeyedInsertFirst1765000000013 = procedureMigration(
  'ChargeKeyedInsertFirst1765000000013', 'crawlgate_charge_keyed', CHARGE_KEYED_INSERT_FIRST, CHARGE_KEYED,
);
