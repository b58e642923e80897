import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { Job } from '../../infra/database/entities/index.js';
import { MetricsService } from '../../infra/metrics/metrics.service.js';
import type { MeteredAnswer } from '../../common/http/metered-answer.js';
import { LedgerService } from '../billing/ledger.service.js';
import { JobEventsService } from './job-events.service.js';
import { JobViewService } from './job-view.service.js';
import { JobRepository } from './job.repository.js';
import type { JobOutput, Operation } from './operation.js';

/**
 * The synchronous wait of a charged, queued job: up to SYNC_WAIT_MS, then 200 / 202, or a refunded failure
 * (500, or 503 for a pool that died: decisions.md 8.4).
 */
@Injectable()
export class SyncAnswerService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly events: JobEventsService,
    private readonly jobs: JobRepository,
    private readonly ledger: LedgerService,
    private readonly views: JobViewService,
    private readonly metrics: MetricsService,
  ) {}

  async answer<O>(operation: Operation<O>, job: Job, remaining: number): Promise<MeteredAnswer> {
    // The job is paid: a database gone meanwhile must not turn its answer into an unbilled 503; it is answered 202.
    const read = () => this.jobs.getWithOutput(job.organizationId, job.id).catch(() => null);
    // No read before waiting: the job was queued in this same turn of the event loop (only microtasks since Bull's
    // answer), so its end cannot have been announced before the waiter is in place.
    const ended = await this.events.waitForEnd(job.id, this.config.syncWaitMs, async () => false);
    const woken = Date.now();
    try {
      return await this.answerEnded(operation, job, remaining, ended, await read());
    } finally {
      if (ended) this.metrics.jobStep('answer', Date.now() - woken);
    }
  }

  /** `found`: the row and output as they are at the end, or null when the database did not answer (then: 202). */
  private async answerEnded<O>(operation: Operation<O>, job: Job, remaining: number, ended: boolean, found: { job: Job; output: JobOutput | null } | null): Promise<MeteredAnswer> {
    const current = found?.job ?? job;
    // Cancelled while this request waited: already refunded with the cancel; the refund here replays it for the balance.
    if (ended && (current.status === 'failed' || current.status === 'cancelled')) {
      // A service-side failure inside the synchronous wait is handed back; a pool that died, with its attempt (8.4).
      const poolDied = current.errorCode === ErrorCode.ProxyPoolUnavailable;
      const { balanceAfter } = await this.ledger.refund({
        organizationId: job.organizationId, requestKey: job.id, amount: job.price, jobId: job.id, host: job.host,
        dailyLimited: operation.dailyLimited, untallyAttempt: poolDied,
      });
      if (poolDied) throw new AppError(ErrorCode.ProxyPoolUnavailable, current.errorMessage ?? 'No proxy of the pool is available. Retry later.');
      return this.views.answer(operation as Operation, current, { charged: 0, remaining: balanceAfter });
    }
    return this.views.answer(operation as Operation, current, { charged: job.price, remaining }, found?.output);
  }
}
