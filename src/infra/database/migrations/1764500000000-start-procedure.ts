import { procedureMigration } from './mysql-procedure.js';

/**
 * A job's start as one MySQL procedure, one round trip: queued -> running, organization-scoped, and the job row read
 * back inside the same transaction (the row is locked by the update, so the row answered is the one this call moved).
 * Answers the row when, and only when, this call moved it; an empty result otherwise (unknown job, another
 * organization's, another worker got it, no longer queued). SQLite runs the same steps in a synchronous transaction
 * (jobs/job-start.ts). The row is `job.*`: a migration's text is frozen, and the reader (jobs/job-row.ts) takes the
 * columns it knows by name.
 */
const START = `
CREATE PROCEDURE crawlgate_start(IN p_organization_id VARCHAR(32), IN p_job_id VARCHAR(64), IN p_now DATETIME(6))
MODIFIES SQL DATA
BEGIN
  DECLARE v_moved INT;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;
  START TRANSACTION;
  UPDATE job SET status = 'running', started_at = p_now WHERE organization_id = p_organization_id AND id = p_job_id AND status = 'queued';
  SET v_moved = ROW_COUNT();
  SELECT * FROM job WHERE v_moved = 1 AND organization_id = p_organization_id AND id = p_job_id;
  COMMIT;
END`;

export const StartProcedure1764500000000 = procedureMigration('StartProcedure1764500000000', 'crawlgate_start', START);
