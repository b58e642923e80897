import { procedureMigration } from './mysql-procedure.js';

/**
 * decisions.md 9.6's store of a page copy as one MySQL procedure, one round trip (it was eight statements a crawl): the
 * organization's total first (its row lock orders one organization's stores), the address's older copies replaced by
 * this one, then the organization's oldest copies deleted while its total passes `p_max_bytes`. SQLite runs the same
 * steps as a program in one synchronous transaction (page-cache/page-copy.repository.ts).
 */
const KEEP_COPY = `
CREATE PROCEDURE crawlgate_keep_copy(
  IN p_organization_id VARCHAR(32), IN p_lookup_hash VARCHAR(64), IN p_page_key TEXT, IN p_media_type VARCHAR(100),
  IN p_rendered BOOLEAN, IN p_body LONGBLOB, IN p_final_url TEXT, IN p_target_status INT, IN p_fetched_at DATETIME(6),
  IN p_max_bytes BIGINT)
MODIFIES SQL DATA
BEGIN
  DECLARE v_size BIGINT DEFAULT LENGTH(p_body);
  DECLARE v_freed BIGINT DEFAULT 0;
  DECLARE v_total BIGINT DEFAULT 0;
  DECLARE v_oldest BIGINT;
  DECLARE v_oldest_size BIGINT;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;
  START TRANSACTION;
  INSERT INTO page_copy_total (organization_id, bytes) VALUES (p_organization_id, v_size)
    ON DUPLICATE KEY UPDATE bytes = bytes + VALUES(bytes);
  SELECT COALESCE(SUM(byte_size), 0) INTO v_freed FROM page_copy
    WHERE organization_id = p_organization_id AND lookup_hash = p_lookup_hash FOR UPDATE;
  DELETE FROM page_copy WHERE organization_id = p_organization_id AND lookup_hash = p_lookup_hash;
  INSERT INTO page_copy (organization_id, lookup_hash, page_key, media_type, rendered, body, final_url, target_status, fetched_at, byte_size)
    VALUES (p_organization_id, p_lookup_hash, p_page_key, p_media_type, p_rendered, p_body, p_final_url, p_target_status, p_fetched_at, v_size);
  UPDATE page_copy_total SET bytes = bytes - v_freed WHERE organization_id = p_organization_id;
  SELECT bytes INTO v_total FROM page_copy_total WHERE organization_id = p_organization_id;
  trim: WHILE v_total > p_max_bytes DO
    SET v_oldest = NULL;
    SELECT id, byte_size INTO v_oldest, v_oldest_size FROM page_copy
      WHERE organization_id = p_organization_id ORDER BY fetched_at, id LIMIT 1;
    IF v_oldest IS NULL THEN LEAVE trim; END IF;
    DELETE FROM page_copy WHERE organization_id = p_organization_id AND id = v_oldest;
    UPDATE page_copy_total SET bytes = bytes - v_oldest_size WHERE organization_id = p_organization_id;
    SET v_total = v_total - v_oldest_size;
  END WHILE trim;
  COMMIT;
END`;

export const KeepCopyProcedure1765000000006 = procedureMigration('KeepCopyProcedure1765000000006', 'crawlgate_keep_copy', KEEP_COPY);
