import { Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { ErrorCode } from '../../common/errors/error-code.js';
import { query, SqlProgramRunner } from '../../infra/database/sql-program.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import { SharedSweep } from '../../infra/redis/shared-sweep.js';
import { BILLED_FAILURE_CODES } from '../billing/billed-failures.js';
import { LedgerService } from '../billing/ledger.service.js';
import { OperationRegistry } from './operation-registry.js';

const PERIOD_MS = 60_000;
/** This long after a job's end, the request that waited for it has answered and refunded it, or never will. */
const ANSWER_GRACE_MS = 60_000;
/** Older jobs are past collection (RESULT_TTL_HOURS' default): nobody reads them any more. */
const LOOKBACK_MS = 24 * 3_600_000;
const BATCH = 100;
const TURN_KEY = 'crawlgate:unanswered-refunds:turn';

/**
 * A service-side failure within the synchronous wait is refunded by the request that waited (SyncAnswerService). When
 * that request never answered (its process died, its pod was rolled, the refund's transaction failed), the caller got
 * neither a 202 nor a refunded 500, and the charge would stand: this sweep, in one process a period, refunds such a job
 * a minute after its end (ANSWER_GRACE_MS). A job answered 202 (its attempt tallied with it, attempt_tallied_early) failed "after
 * acceptance" and stays charged (service-spec States); a billed failure too. Refunds are once-only by request key, so
 * a waiter's late refund and this one never both move credits.
 */
@Injectable()
export class UnansweredRefundSweeper extends SharedSweep {
  protected readonly logger = new Logger(UnansweredRefundSweeper.name);

  constructor(
    @InjectRedis() redis: Redis,
    private readonly sql: SqlProgramRunner,
    private readonly ledger: LedgerService,
    private readonly registry: OperationRegistry,
  ) {
    super(redis, { key: TURN_KEY, periodMs: PERIOD_MS, what: 'unanswered refunds sweep' });
  }

  protected async round(now: number): Promise<void> {
    for (const job of await this.unanswered(now)) {
      const { organization_id: organizationId, id: jobId, host, kind, error_code: code } = job as Record<string, string>;
      try {
        const { refunded } = await this.ledger.refund({
          organizationId, requestKey: jobId, jobId, host, dailyLimited: this.registry.get(kind).dailyLimited,
          reason: 'refund: the service did not deliver (no answer reached the caller)',
          // decisions 8.4: a pool that died is refunded with its attempt, as a waiting request answers it.
          untallyAttempt: code === ErrorCode.ProxyPoolUnavailable,
        });
        if (refunded > 0) this.logger.warn({ jobId, code }, 'failed job refunded: the request that waited for it never answered');
      } catch (error) {
        // One job's refund refused (a lock, the database away) leaves the others to this round and itself to the next.
        this.logger.warn({ err: error, jobId }, 'unanswered failure not refunded this round');
      }
    }
  }

  /**
   * Failed jobs of this process's metered kinds, not refunded, not answered 202, ended a grace ago (a stored copy's
   * request waits for its whole job: the grace runs from the end, not the creation), oldest first.
   */
  private unanswered(now: number): Promise<Record<string, unknown>[]> {
    const kinds = this.registry.kinds().filter((kind) => !this.registry.ownKinds().includes(kind));
    if (kinds.length === 0) return Promise.resolve([]);
    const billed = [...BILLED_FAILURE_CODES];
    const list = (values: readonly string[]) => values.map(() => '?').join(', ');
    return this.sql.rows(query(
      `SELECT id, organization_id, kind, host, error_code FROM job WHERE status = ? AND created_at >= ? AND finished_at < ?
        AND refunded = ? AND attempt_tallied_early = ? AND error_code NOT IN (${list(billed)}) AND kind IN (${list(kinds)})
        ORDER BY created_at LIMIT ?`,
      'failed', new Date(now - LOOKBACK_MS), new Date(now - ANSWER_GRACE_MS), false, false, ...billed, ...kinds, BATCH,
    ));
  }
}
