import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { exec, finalBatch, query, SqlProgram } from '../../infra/database/sql-program.js';
import type { ChargeRequest, LedgerMove } from './ledger-move.js';

/**
 * A charge in ONE round trip on MySQL: the row lock on the balance is held only while the server runs the batch,
 * which is what keeps many callers on one organization fast. The inserts run only when the balance moved.
 */
export function* mysqlChargeProgram(r: ChargeRequest, day: string): SqlProgram<LedgerMove> {
  const [moved, , entry, , [account]] = yield finalBatch(
    exec('UPDATE organization SET balance = balance - ? WHERE id = ? AND balance >= ?', r.amount, r.organizationId, r.amount),
    exec('SET @cg_moved = ROW_COUNT()'),
    exec(
      `INSERT INTO ledger_entry (organization_id, amount, balance_after, kind, reason, request_key, job_id, created_at)
       SELECT id, ?, balance, 'charge', ?, ?, ?, ? FROM organization WHERE id = ? AND @cg_moved = 1`,
      -r.amount, r.reason.slice(0, 255), r.requestKey, r.jobId, new Date(), r.organizationId,
    ),
    exec(
      `INSERT INTO usage_tally (organization_id, day, host, requests, credits) SELECT ?, ?, ?, 1, ? FROM DUAL WHERE @cg_moved = 1
       ON DUPLICATE KEY UPDATE requests = requests + 1, credits = credits + VALUES(credits)`,
      r.organizationId, day, r.host, r.amount,
    ),
    query('SELECT balance FROM organization WHERE id = ?', r.organizationId),
  );
  if (moved.affected !== 1) {
    throw new AppError(ErrorCode.InsufficientCredits, `This request costs ${r.amount} credits; the balance does not cover it.`);
  }
  return { entryId: String(entry.insertId), balanceAfter: Number(account.balance) };
}
