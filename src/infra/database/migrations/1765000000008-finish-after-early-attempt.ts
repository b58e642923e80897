import { FINISH } from './1764400000000-finish-procedure.js';
import { procedureMigration } from './mysql-procedure.js';

/**
 * crawlgate_finish as in migration 1764400000000, but the attempt is tallied only when the 202 did not tally it already
 * (job.attempt_tallied_early, migration 1765000000007); a success's crawl always. The running -> ended write comes first
 * and locks the row, so the flag read after it is the last one committed, and a 202's tally that comes later finds
 * the job ended and writes nothing: the attempt is counted once. Replaced under its name, its parameters unchanged:
 * during a rolling deploy the previous release's workers call it too, and must not count again an attempt that this
 * release's API counted with its 202.
 */
const FINISH_AFTER_EARLY_ATTEMPT = `
CREATE PROCEDURE crawlgate_finish(
  IN p_organization_id VARCHAR(32), IN p_job_id VARCHAR(64), IN p_status VARCHAR(16),
  IN p_error_code VARCHAR(32), IN p_error_message VARCHAR(1000) CHARACTER SET utf8mb4,
  IN p_content_type VARCHAR(100), IN p_body LONGBLOB, IN p_meta TEXT CHARACTER SET utf8mb4,
  IN p_day VARCHAR(10), IN p_now DATETIME(6))
MODIFIES SQL DATA
BEGIN
  DECLARE v_kept INT;
  DECLARE v_host VARCHAR(255) CHARACTER SET utf8mb4;
  DECLARE v_early BOOLEAN;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;
  START TRANSACTION;
  UPDATE job SET status = p_status, error_code = p_error_code, error_message = p_error_message, finished_at = p_now
    WHERE organization_id = p_organization_id AND id = p_job_id AND status = 'running';
  SET v_kept = ROW_COUNT();
  IF v_kept = 1 THEN
    IF p_status = 'done' THEN
      INSERT INTO job_result (job_id, content_type, body, meta) VALUES (p_job_id, p_content_type, p_body, p_meta)
        ON DUPLICATE KEY UPDATE content_type = VALUES(content_type), body = VALUES(body), meta = VALUES(meta);
    END IF;
    SELECT host, attempt_tallied_early INTO v_host, v_early FROM job WHERE id = p_job_id;
    IF NOT v_early OR p_status = 'done' THEN
      INSERT INTO usage_tally (organization_id, day, host, attempts, crawls) VALUES (p_organization_id, p_day, v_host, NOT v_early, p_status = 'done')
        ON DUPLICATE KEY UPDATE attempts = attempts + VALUES(attempts), crawls = crawls + VALUES(crawls);
    END IF;
  END IF;
  COMMIT;
  SELECT v_kept AS kept;
END`;

export const FinishAfterEarlyAttempt1765000000008 = procedureMigration(
  'FinishAfterEarlyAttempt1765000000008', 'crawlgate_finish', FINISH_AFTER_EARLY_ATTEMPT, FINISH,
);
