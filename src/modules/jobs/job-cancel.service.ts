import { retryOnLockConflict } from './store-retry.js';
import { Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { MeteredAnswer } from '../../common/http/metered-answer.js';
import type { Job } from '../../infra/database/entities/index.js';
import { MetricsService } from '../../infra/metrics/metrics.service.js';
import { sendBatch } from '../../infra/redis/command-batch.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import { LedgerService } from '../billing/ledger.service.js';
import { LimitsService } from '../billing/limits.service.js';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher.service.js';
import { cancelQueuedProgram } from './job-cancel.js';
import { JobEventsService } from './job-events.service.js';
import { JobLine } from './job-line.service.js';
import { JobViewService } from './job-view.service.js';
import type { CollectedJob } from './job.repository.js';
import { JobRepository } from './job.repository.js';
import { OperationRegistry } from './operation-registry.js';

/**
 * DELETE /crawl/{job} (decisions 9.4): a queued job of any kind is cancelled and refunded in one transaction, then
 * its slot, its place in the line and its waiting request are let go. A running job is its kind's to stop (a
 * registered RunningJobCanceller), else 409; an ended job is 409. The answer is the job's envelope as collected, 200.
 */
@Injectable()
export class JobCancelService {
  private readonly logger = new Logger(JobCancelService.name);

  constructor(
    private readonly jobs: JobRepository,
    private readonly ledger: LedgerService,
    private readonly limits: LimitsService,
    private readonly line: JobLine,
    private readonly events: JobEventsService,
    private readonly registry: OperationRegistry,
    private readonly views: JobViewService,
    private readonly metrics: MetricsService,
    private readonly webhooks: WebhookDispatcher,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  async cancel(found: CollectedJob['found']): Promise<MeteredAnswer> {
    if (!found) throw AppError.notFound();
    // A kind that runs its own jobs (site crawls) cancels them itself, queued or running, and answers as collected.
    const own = this.registry.find(found.job.kind)?.own;
    if (own) return own.cancel(found.job);
    const job = await this.stop(found.job);
    if (job.status === 'done' || job.status === 'failed') {
      throw new AppError(ErrorCode.NotCancellable, `The job has ended (${job.status}); only a queued job can be cancelled.`);
    }
    if (job.status === 'running') {
      throw new AppError(ErrorCode.NotCancellable, 'The job is running; only a queued job can be cancelled.');
    }
    const collected = await this.views.answer(this.registry.get(job.kind), job, null);
    return new MeteredAnswer(200, collected.body, { jobId: job.id, billing: null });
  }

  /** Cancels what can be cancelled and answers the job's row as it is now (a lost race is read back, then judged). */
  private async stop(job: Job): Promise<Job> {
    let current = job;
    if (current.status === 'queued') {
      await this.cancelQueued(current);
      current = await this.reread(current);
    }
    return current;
  }

  private async cancelQueued(job: Job): Promise<void> {
    const request = { dialect: this.jobs.dialect, organizationId: job.organizationId, jobId: job.id, now: new Date() };
    const refund = {
      organizationId: job.organizationId, requestKey: job.id, jobId: job.id, host: job.host,
      dailyLimited: this.registry.get(job.kind).dailyLimited, reason: 'refund: cancelled before it started',
    };
    if (!(await retryOnLockConflict(() => this.ledger.refundIf(() => cancelQueuedProgram(request), refund)))) return;
    this.logger.log({ jobId: job.id, kind: job.kind }, 'job cancelled while queued');
    this.metrics.jobEnded(job.kind, 'cancelled', null);
    await this.release(job);
    if (job.webhookUrl) await this.webhooks.jobEnded(job.organizationId, job.id);
  }

  /** One round trip: the slot, the line, the end event (a waiting request answers). Should Redis refuse, the slot's lease lapses. */
  private async release(job: Job): Promise<void> {
    try {
      const batch = this.redis.multi();
      this.limits.releaseSlotIn(batch, job.organizationId, job.id);
      this.line.leaveIn(batch, job.id);
      this.events.announceEndIn(batch, job.id);
      await sendBatch(batch);
    } catch (error) {
      this.logger.warn(`release of cancelled job ${job.id} not written to Redis: ${(error as Error).message}`);
    }
  }

  private async reread(job: Job): Promise<Job> {
    return (await this.jobs.getForOrganization(job.organizationId, job.id)) ?? job;
  }
}
