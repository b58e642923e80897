import { procedureMigration } from './mysql-procedure.js';

/**
 * The charge's steps inside `charge: BEGIN ... END`, up to its COMMIT: the lock, the balance, the daily limit, the
 * ledger entry, the tally. crawlgate_charge_job (migration 1764600000000) runs the same steps, then writes its job's row.
 * Frozen with this migration's text: both procedures were created from it as it is.
 */
export const CHARGE_STEPS = `
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
    ON DUPLICATE KEY UPDATE requests = requests + 1, credits = credits + p_amount;`;

/**
 * The charge as one MySQL procedure: the whole transaction runs in one round trip, so the organization's row lock is
 * held only while the server works, which keeps many callers on one organization fast. SQLite has no procedures:
 * LedgerService runs the same steps there in a synchronous transaction. Answers one row (refusal, entry_id,
 * balance_after); a refusal or an error (a duplicate request key) rolls everything back.
 * Kept for the previous release during a rolling deploy: this release calls crawlgate_charge_job (migration 1764600000000).
 */
const CHARGE = `
CREATE PROCEDURE crawlgate_charge(
  IN p_organization_id VARCHAR(32), IN p_amount INT, IN p_reason VARCHAR(255), IN p_request_key VARCHAR(80),
  IN p_job_id VARCHAR(64), IN p_host VARCHAR(255), IN p_day VARCHAR(10), IN p_daily_limited BOOLEAN,
  IN p_daily_limit INT, IN p_now DATETIME(6))
MODIFIES SQL DATA
charge: BEGIN${CHARGE_STEPS}
  COMMIT;
  SELECT NULL AS refusal, v_entry AS entry_id, v_balance AS balance_after;
END`;

export const ChargeProcedure1764200000000 = procedureMigration('ChargeProcedure1764200000000', 'crawlgate_charge', CHARGE);
