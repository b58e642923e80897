import { procedureMigration } from './mysql-procedure.js';

/**
 * A job's end as one MySQL procedure, one round trip: running -> done (with its result row) or failed, and the
 * outcome's tally (one attempt; a success is also a crawl), all or nothing. Only a running job ends: one already
 * failed as lost keeps its failure, nothing is written and `kept` is 0. SQLite has no procedures: JobRepository
 * runs the same steps there in a synchronous transaction (job-finish.ts). Answers one row (kept).
 */
export const FINISH = `
CREATE PROCEDURE crawlgate_finish(
  IN p_organization_id VARCHAR(32), IN p_job_id VARCHAR(64), IN p_status VARCHAR(16),
  IN p_error_code VARCHAR(32), IN p_error_message VARCHAR(1000) CHARACTER SET utf8mb4,
  IN p_content_type VARCHAR(100), IN p_body LONGBLOB, IN p_meta TEXT CHARACTER SET utf8mb4,
  IN p_day VARCHAR(10), IN p_now DATETIME(6))
MODIFIES SQL DATA
BEGIN
  DECLARE v_kept INT;
  DECLARE v_host VARCHAR(255) CHARACTER SET utf8mb4;
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
    SELECT host INTO v_host FROM job WHERE id = p_job_id;
    INSERT INTO usage_tally (organization_id, day, host, attempts, crawls) VALUES (p_organization_id, p_day, v_host, 1, p_status = 'done')
      ON DUPLICATE KEY UPDATE attempts = attempts + 1, crawls = crawls + VALUES(crawls);
  END IF;
  COMMIT;
  SELECT v_kept AS kept;
END`;

export const FinishProcedure1764400000000 = procedureMigration('FinishProcedure1764400000000', 'crawlgate_finish', FINISH);
