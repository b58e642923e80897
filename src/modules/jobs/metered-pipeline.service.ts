import { retryOnLockConflict } from './store-retry.js';
import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { Job } from '../../infra/database/entities/index.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { MetricsService } from '../../infra/metrics/metrics.service.js';
import type { MeteredAnswer } from '../../common/http/metered-answer.js';
import { withCacheFacts } from '../../common/http/metered-answer.js';
import type { IdempotencyRecord } from '../billing/idempotency-record.js';
import { LedgerService } from '../billing/ledger.service.js';
import { AdmissionService } from './admission.service.js';
import { enqueueChargedJob } from './charged-job.js';
import { IdempotentStart } from './idempotent-start.js';
import { JobLine } from './job-line.service.js';
import { JobRepository } from './job.repository.js';
import type { MeteredRequest } from './metered-request.js';
import { PLAIN_REQUEST } from './metered-request.js';
import type { Operation } from './operation.js';
import { StoredAnswerService } from './stored-answer.service.js';
import { SyncAnswerService } from './sync-answer.service.js';

/**
 * The one metered pipeline: Idempotency-Key (IdempotentStart), admission (checks, burst token, slot), charge with its job
 * row, enqueue, then the synchronous wait and its answer. The slot is released by the worker when the job ends.
 */
@Injectable()
export class MeteredPipeline {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly admission: AdmissionService,
    private readonly ledger: LedgerService,
    private readonly jobs: JobRepository,
    private readonly idempotent: IdempotentStart,
    private readonly line: JobLine,
    private readonly syncAnswer: SyncAnswerService,
    private readonly metrics: MetricsService,
    private readonly storedAnswers: StoredAnswerService,
  ) {}

  async serve<O>(operation: Operation<O>, options: O, organization: Organization, request: MeteredRequest = PLAIN_REQUEST): Promise<MeteredAnswer> {
    const webhookUrl = this.admission.webhookUrl(request.webhookUrl, organization);
    return this.idempotent.run(operation as Operation, organization, request, (jobId, jobCreated, key) => this.start(operation, options, organization, jobId, webhookUrl, jobCreated, key));
  }

  /** `jobCreated`: called once the charged job row exists (an Idempotency-Key's claim is then kept for a day). */
  private async start<O>(
    operation: Operation<O>, options: O, organization: Organization, jobId: string, webhookUrl: string | null,
    jobCreated: () => Promise<void>, key: IdempotencyRecord | undefined,
  ): Promise<MeteredAnswer> {
    // decisions.md 9.6: a stored copy answers here, in this process, before anything a fetch needs (pool, DNS, queue).
    const stored = await operation.fromStore?.(options, organization.id);
    if (stored) {
      const newJob = (price: number, host: string) => this.newJob(jobId, organization, operation, options, host, price, webhookUrl);
      const answered = await this.storedAnswers.serve(operation, options, organization, jobId, stored, newJob, jobCreated, key);
      if (answered) return answered;
    }
    const answer = await this.fetch(operation, options, organization, jobId, webhookUrl, jobCreated, key);
    return operation.saysCache ? withCacheFacts(answer, { hit: false }) : answer;
  }

  private async fetch<O>(
    operation: Operation<O>, options: O, organization: Organization, jobId: string, webhookUrl: string | null, jobCreated: () => Promise<void>,
    key: IdempotencyRecord | undefined,
  ): Promise<MeteredAnswer> {
    const admitted = Date.now();
    const { limits, price, host, releaseSlot } = await this.admission.admit(operation, options, organization, jobId, webhookUrl);
    const job = this.newJob(jobId, organization, operation, options, host, price, webhookUrl);
    let remaining: number;
    try {
      // The job's row is written by the charge, in its transaction: it exists exactly when the charge is taken.
      // Run again when InnoDB made it a deadlock's victim: the transaction rolled back whole.
      ({ balanceAfter: remaining } = await retryOnLockConflict(() => this.ledger.charge({
        organizationId: organization.id, requestKey: jobId, amount: price, reason: `${operation.kind} ${host}`, jobId, host,
        ...(operation.dailyLimited ? { dailyLimit: limits.dailyLimit } : {}), job, idempotency: key,
      })));
      await jobCreated();
      await enqueueChargedJob(this.line, this.jobs, this.ledger, job, limits.priority, operation.dailyLimited);
      this.metrics.jobStep('admission', Date.now() - admitted);
    } catch (error) {
      await releaseSlot();
      throw error;
    }
    return this.syncAnswer.answer(operation, job, remaining);
  }

  private newJob<O>(id: string, organization: Organization, operation: Operation<O>, options: O, host: string, price: number, webhookUrl: string | null): Job {
    const now = new Date();
    return Object.assign(new Job(), {
      id, organizationId: organization.id, kind: operation.kind, status: 'queued', host, price, refunded: false,
      options: JSON.stringify(options), webhookUrl, errorCode: null, errorMessage: null, createdAt: now, startedAt: null, finishedAt: null,
      expiresAt: new Date(now.getTime() + this.config.resultTtlHours * 3_600_000),
    });
  }
}
