import { Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { isEndedStatus, type Job } from '../../infra/database/entities/index.js';
import { MetricsService } from '../../infra/metrics/metrics.service.js';
import type { MeteredAnswer } from '../../common/http/metered-answer.js';
import { LedgerService } from '../billing/ledger.service.js';
import { isBilledFailure } from '../billing/billed-failures.js';
import { JobEventsService } from './job-events.service.js';
import { JobViewService } from './job-view.service.js';
import { JobRepository } from './job.repository.js';
import type { JobOutput, Operation } from './operation.js';
import { retryOnLockConflict } from './store-retry.js';

/** How long before the 202 its capture is asked for: a worker in another process took 1.7 s to answer one. */
const CAPTURE_LEAD_MS = 2500;


/**
 * The synchronous wait of a charged, queued job: up to SYNC_WAIT_MS, then 200 / 202, a billed failure (500), or a
 * refunded failure (500, or 503 for a pool that died: decisions.md 8.4).
 */
@Injectable()
export class SyncAnswerService {
  private readonly logger = new Logger(SyncAnswerService.name);

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
    // answer), so its end cannot have been announced before the waiter is in place. The read after it decides.
    // A job still running at the 202 shows its live capture: asked for ahead, as a worker takes a while to make one.
    let ahead: Promise<object | null> | undefined;
    // Never in the first half of a short wait: a job just queued holds no tab yet, and most end well within it.
    const askAt = Math.max(this.config.syncWaitMs - CAPTURE_LEAD_MS, this.config.syncWaitMs / 2);
    const asker = setTimeout(() => (ahead = this.views.captureAhead(job.id)), askAt);
    const heard = await this.events.waitForEnd(job.id, this.config.syncWaitMs, async () => false).finally(() => clearTimeout(asker));
    const woken = Date.now();
    const found = await read();
    // The row decides, not the event: an end that came just after the wait, or whose event was lost (a subscriber
    // reconnecting), is answered as an end, refunded as one, never as a charged 500.
    const ended = heard || (found !== null && isEndedStatus(found.job.status));
    try {
      return await this.answerEnded(operation, job, remaining, ended, found, ahead);
    } finally {
      if (heard) this.metrics.jobStep('answer', Date.now() - woken);
    }
  }

  /** A job that ended in this process (a stored copy's answer, decisions.md 9.6): the same refunds and answers as one waited for. */
  answerFinished<O>(operation: Operation<O>, job: Job, remaining: number, found: { job: Job; output: JobOutput | null }): Promise<MeteredAnswer> {
    return this.answerEnded(operation, job, remaining, true, found);
  }

  /** `found`: the row and output as they are at the end, or null when the database did not answer (then: 202). */
  private async answerEnded<O>(
    operation: Operation<O>, job: Job, remaining: number, ended: boolean, found: { job: Job; output: JobOutput | null } | null, ahead?: Promise<object | null>,
  ): Promise<MeteredAnswer> {
    const current = found?.job ?? job;
    // Cancelled while this request waited: already refunded with the cancel; the refund here replays it for the balance.
    if (ended && (current.status === 'cancelled' || (current.status === 'failed' && !isBilledFailure(current.errorCode)))) {
      // A service-side failure inside the synchronous wait is handed back; a pool that died, with its attempt (8.4).
      const poolDied = current.errorCode === ErrorCode.ProxyPoolUnavailable;
      const { balanceAfter } = await this.ledger.refund({
        organizationId: job.organizationId, requestKey: job.id, jobId: job.id, host: job.host,
        dailyLimited: operation.dailyLimited, untallyAttempt: poolDied,
      });
      if (poolDied) throw new AppError(ErrorCode.ProxyPoolUnavailable, current.errorMessage ?? 'No proxy of the pool is available. Retry later.');
      return this.views.answer(operation as Operation, current, { charged: 0, remaining: balanceAfter });
    }
    const answer = await this.views.answer(operation as Operation, current, { charged: job.price, remaining }, found?.output, ahead);
    // The 202, built, is marked before it is sent (not before it is built: a 202 that fails to build is no acceptance).
    if (answer.status === 202 && (await this.tallyEarlyAttempt(job)) === 'ended') {
      // It ended between the read and the mark: answered as ended (refunded if it failed), never as a 202.
      const again = await this.jobs.getWithOutput(job.organizationId, job.id).catch(() => null);
      if (again && isEndedStatus(again.job.status)) return this.answerEnded(operation, job, remaining, true, again);
    }
    return answer;
  }

  /**
   * service-spec States: a 202 is already paid and tallied. Its attempt is tallied, and the row marked answered
   * (attempt_tallied_early), before the 202 is sent: the mark is what the job's end and the unanswered-refunds sweep
   * read as "accepted". 'ended': the job ended first (its end tallied it). Should the database refuse the mark, the
   * job's end tallies the attempt, and the 202 goes out unmarked.
   */
  private async tallyEarlyAttempt(job: Job): Promise<'marked' | 'ended' | 'unknown'> {
    try {
      return (await retryOnLockConflict(() => this.jobs.tallyEarlyAttempt(job.organizationId, job.id, job.host, job.createdAt))) ? 'marked' : 'ended';
    } catch (error) {
      this.logger.warn({ err: error, jobId: job.id }, 'attempt not tallied with its 202; the job\'s end tallies it');
      return 'unknown';
    }
  }
}
