import { procedureMigration } from './mysql-procedure.js';

/**
 * crawlgate_charge_job: crawlgate_charge's steps, and its job's row written in the same transaction when the caller
 * passes one (p_job_kind not null): admission becomes one round trip instead of two. A new name, not a replacement:
 * during a rolling deploy the previous release's processes still call crawlgate_charge (migration 1764200000000) with
 * its ten parameters, and it stays until no release calls it. The row is written after every refusal and after the ledger
 * entry, so a refused charge (balance, daily limit) or a replayed request key (the entry's unique key) writes no job
 * row, and a row that cannot be written takes the charge back with it. A charged job starts queued, priced at the
 * charge, on the charged host. The column list is written out: a migration's text is frozen.
 */
const CHARGE_WITH_JOB = `
CREATE PROCEDURE crawlgate_charge_job(
  IN p_organization_id VARCHAR(32), IN p_amount INT, IN p_reason VARCHAR(255), IN p_request_key VARCHAR(80),
  IN p_job_id VARCHAR(64), IN p_host VARCHAR(255), IN p_day VARCHAR(10), IN p_daily_limited BOOLEAN,
  IN p_daily_limit INT, IN p_now DATETIME(6),
  IN p_job_kind VARCHAR(16), IN p_job_options MEDIUMTEXT CHARACTER SET utf8mb4, IN p_job_webhook_url VARCHAR(2048) CHARACTER SET utf8mb4,
  IN p_job_created_at DATETIME(6), IN p_job_expires_at DATETIME(6))
MODIFIES SQL DATA
charge: BEGIN
  DECLARE v_balance INT DEFAULT NULL;
  DECLARE v_used INT;
  DECLARE v_entry BIGINT;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;
  START TRANSACTION;
  SELECT balance INTO v_balance FROM organization WHERE id = p_organization_id FOR UPDATE;
  IF v_balance IS NULL OR v_balance < p_amount THEN
    ROLLBACK;
    SELECT 'insufficient_credits' AS refusal, NULL AS entry_id, NULL AS balance_after;
    LEAVE charge;
  END IF;
  SET v_balance = v_balance - p_amount;
  UPDATE organization SET balance = v_balance WHERE id = p_organization_id;
  IF p_daily_limited THEN
    INSERT INTO daily_quota (organization_id, day, used) VALUES (p_organization_id, p_day, 1) ON DUPLICATE KEY UPDATE used = used + 1;
    SELECT used INTO v_used FROM daily_quota WHERE organization_id = p_organization_id AND day = p_day;
    -- A NULL limit is no limit: the comparison is not true.
    IF v_used > p_daily_limit THEN
      ROLLBACK;
      SELECT 'daily_limit_reached' AS refusal, NULL AS entry_id, NULL AS balance_after;
      LEAVE charge;
    END IF;
  END IF;
  INSERT INTO ledger_entry (organization_id, amount, balance_after, kind, reason, request_key, job_id, created_at)
    VALUES (p_organization_id, -p_amount, v_balance, 'charge', p_reason, p_request_key, p_job_id, p_now);
  SET v_entry = LAST_INSERT_ID();
  INSERT INTO usage_tally (organization_id, day, host, requests, credits) VALUES (p_organization_id, p_day, p_host, 1, p_amount)
    ON DUPLICATE KEY UPDATE requests = requests + 1, credits = credits + p_amount;
  IF p_job_kind IS NOT NULL THEN
    INSERT INTO job (id, organization_id, kind, status, host, price, refunded, options, webhook_url, created_at, expires_at) VALUES (p_job_id, p_organization_id, p_job_kind, 'queued', p_host, p_amount, FALSE,
      p_job_options, p_job_webhook_url, p_job_created_at, p_job_expires_at);
  END IF;
  COMMIT;
  SELECT NULL AS refusal, v_entry AS entry_id, v_balance AS balance_after;
END`;

export const ChargeWithJob1764600000000 = procedureMigration('ChargeWithJob1764600000000', 'crawlgate_charge_job', CHARGE_WITH_JOB);
