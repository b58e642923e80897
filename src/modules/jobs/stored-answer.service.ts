import { Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { AppError, isAppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { deadlineSignal, raceSignal } from '../../common/time/deadline.js';
import type { MeteredAnswer } from '../../common/http/metered-answer.js';
import { copyCacheFacts, withCacheFacts } from '../../common/http/metered-answer.js';
import { Job } from '../../infra/database/entities/index.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { MetricsService } from '../../infra/metrics/metrics.service.js';
import { CommandBatch, sendBatch } from '../../infra/redis/command-batch.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import type { Redis } from 'ioredis';
import type { IdempotencyRecord } from '../billing/idempotency-record.js';
import { LedgerService } from '../billing/ledger.service.js';
import { LimitsService } from '../billing/limits.service.js';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher.service.js';
import { AdmissionService } from './admission.service.js';
import { JobEventsService } from './job-events.service.js';
import type { JobFailure } from './job-finish.js';
import { BACKSTOP_MS, jobDeadlineSignal } from './job-signal.js';
import { JobHeartbeat } from './job-heartbeat.js';
import { JobRepository } from './job.repository.js';
import { jobTimeoutMs, type JobOutput, type Operation, type StoredAnswer } from './operation.js';
import { retryOnLockConflict, retryStoreWrite } from './store-retry.js';
import { SyncAnswerService } from './sync-answer.service.js';

/** A caller is waiting: a database restart is waited out for seconds, not the worker's minute. */
const OUTAGE_RETRY_MS = 5_000;

/** How the pipeline's job row is made once the price and host are known. */
export type NewJob = (price: number, host: string) => Job;

/**
 * decisions.md 9.6: a request answered from a stored copy, in the API process: no queue, no browser, no proxy. It is a
 * job like any other (charged with its row, started, finished with its tally, collectable), its slot held only while
 * its answer is made, ledgered as `cache_hit <host>`.
 */
@Injectable()
export class StoredAnswerService {
  private readonly logger = new Logger(StoredAnswerService.name);

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly admission: AdmissionService,
    private readonly ledger: LedgerService,
    private readonly jobs: JobRepository,
    private readonly limits: LimitsService,
    private readonly heartbeat: JobHeartbeat,
    private readonly events: JobEventsService,
    private readonly syncAnswer: SyncAnswerService,
    private readonly webhooks: WebhookDispatcher,
    private readonly metrics: MetricsService,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  async serve<O>(
    operation: Operation<O>, options: O, organization: Organization, jobId: string, stored: StoredAnswer, newJob: NewJob,
    jobCreated: () => Promise<void>, key?: IdempotencyRecord,
  ): Promise<MeteredAnswer | null> {
    const { host, limits, releaseSlot } = await this.admission.admitStored(operation, options, organization, jobId, stored.price);
    // Evicted between its finding and now: nothing charged, the slot given back, the page fetched (the caller's answer).
    const loaded = await stored.load().catch(async (error: unknown) => {
      await releaseSlot();
      throw error;
    });
    if (!loaded) {
      await releaseSlot();
      return null;
    }
    const job = newJob(stored.price, host);
    let remaining: number;
    try {
      ({ balanceAfter: remaining } = await retryOnLockConflict(() => this.ledger.charge({
        organizationId: organization.id, requestKey: jobId, amount: stored.price, reason: `cache_hit ${host}`, jobId, host, job, idempotency: key,
        ...(operation.dailyLimited ? { dailyLimit: limits.dailyLimit } : {}),
      })));
      await jobCreated();
    } catch (error) {
      await releaseSlot();
      throw error;
    }
    const ended = await this.run(operation, job, stored).catch(async (error: unknown) => {
      await this.giveBack(job, operation.dailyLimited);
      throw error;
    });
    const answer = await this.syncAnswer.answerFinished(operation, job, remaining, ended);
    return withCacheFacts(answer, copyCacheFacts(stored.fetchedAt.getTime()));
  }

  /** Started, answered from the copy, finished and tallied as a crawl; the slot and the beat go on every exit path. */
  private async run<O>(operation: Operation<O>, job: Job, stored: StoredAnswer): Promise<{ job: Job; output: JobOutput | null }> {
    const started = Date.now();
    const deadline = started + jobTimeoutMs(operation, this.config);
    const jobSignal = jobDeadlineSignal(deadline);
    const batch = this.redis.multi();
    const stopBeat = this.heartbeat.start(job.id, deadline, batch);
    // Not awaited: one connection sends commands in order, so the beat's removal at the end still comes after it.
    void sendBatch(batch).catch((error: Error) => this.logger.warn(`first beat of ${job.id} not written: ${error.message}`));
    try {
      await retryOnLockConflict(() => this.jobs.start(job.organizationId, job.id));
      if (job.webhookUrl) await this.webhooks.owe(job.organizationId, job.id);
      const backstop = deadlineSignal(deadline + BACKSTOP_MS);
      const outcome = await raceSignal(stored.answer(deadline, jobSignal.signal), backstop, () => new AppError(ErrorCode.NavigationTimeout, 'The job ran past its time limit.'))
        .then((output): JobOutput => ({ ...output, copyFetchedAt: stored.fetchedAt.getTime() }), (error: unknown) => this.failure(error, job.id));
      const kept = await retryStoreWrite(() => this.jobs.finish(job.organizationId, job.id, outcome, job.createdAt), OUTAGE_RETRY_MS);
      const failed = !('type' in outcome);
      if (kept) this.metrics.jobEnded(job.kind, failed ? 'failed' : 'done', started, failed ? outcome.code : undefined);
      const ended = Object.assign(new Job(), job, failed
        ? { status: 'failed', errorCode: outcome.code, errorMessage: outcome.message, startedAt: new Date(started), finishedAt: new Date() }
        : { status: 'done', startedAt: new Date(started), finishedAt: new Date() });
      return { job: ended, output: failed ? null : outcome };
    } finally {
      jobSignal.dispose();
      stopBeat();
      await this.end(job);
    }
  }

  /** The job could not be recorded: failed and refunded, as a job the queue refused, before the caller hears of it. */
  private async giveBack(job: Job, dailyLimited: boolean): Promise<void> {
    try {
      await this.jobs.markFailed(job.organizationId, job.id, ErrorCode.InternalError, 'The job failed on our side.');
      await this.ledger.refund({ organizationId: job.organizationId, requestKey: job.id, jobId: job.id, host: job.host, dailyLimited });
    } catch (error) {
      this.logger.error({ err: error, jobId: job.id }, 'a failed answer from a stored copy was not refunded');
    }
  }

  private failure(error: unknown, jobId: string): JobFailure {
    if (isAppError(error)) return { code: error.code, message: error.message };
    this.logger.error({ err: error, jobId }, 'answer from a stored copy crashed');
    return { code: ErrorCode.InternalError, message: 'The job failed on our side.' };
  }

  /** As the worker's end of a job: the beat, the slot and the end event in one round trip; then its webhook. */
  private async end(job: Job): Promise<void> {
    try {
      const batch: CommandBatch = this.redis.multi();
      this.heartbeat.endIn(batch, job.id);
      this.limits.releaseSlotIn(batch, job.organizationId, job.id);
      this.events.announceEndIn(batch, job.id);
      await sendBatch(batch);
    } catch (error) {
      this.logger.warn(`end of job ${job.id} not announced: ${(error as Error).message}`);
    }
    if (job.webhookUrl) await this.webhooks.jobEnded(job.organizationId, job.id);
  }
}
