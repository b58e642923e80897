import { Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { Job } from '../../infra/database/entities/index.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { MetricsService } from '../../infra/metrics/metrics.service.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { ProxyPoolService } from '../../infra/proxy/proxy-pool.service.js';
import type { MeteredAnswer } from '../../common/http/metered-answer.js';
import { LedgerService } from '../billing/ledger.service.js';
import { LimitsService } from '../billing/limits.service.js';
import { WebhookUrlPolicy } from '../webhooks/webhook-url.js';
import { limitsFor } from '../billing/plan-limits.js';
import { assertCovers, insertChargedJob } from './charged-job.js';
import { IdempotencyService } from './idempotency.service.js';
import { JobEventsService } from './job-events.service.js';
import { JobLine } from './job-line.service.js';
import { newJobId } from './job-id.js';
import { JobViewService } from './job-view.service.js';
import { JobRepository } from './job.repository.js';
import type { MeteredRequest } from './metered-request.js';
import { PLAIN_REQUEST } from './metered-request.js';
import type { JobOutput, Operation } from './operation.js';
import { ReplayService } from './replay.service.js';

/**
 * The one metered pipeline: check, take a slot and a burst token, charge, enqueue, wait up to SYNC_WAIT_MS,
 * answer 200 / 202 / refunded 500. The slot is released by the worker when the job ends.
 */
@Injectable()
export class MeteredPipeline {
  private readonly logger = new Logger(MeteredPipeline.name);

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly policy: NetworkPolicy,
    private readonly proxies: ProxyPoolService,
    private readonly limits: LimitsService,
    private readonly ledger: LedgerService,
    private readonly jobs: JobRepository,
    private readonly views: JobViewService,
    private readonly events: JobEventsService,
    private readonly idempotency: IdempotencyService,
    private readonly replays: ReplayService,
    private readonly webhookUrls: WebhookUrlPolicy,
    private readonly line: JobLine,
    private readonly metrics: MetricsService,
  ) {}

  async serve<O>(operation: Operation<O>, options: O, organization: Organization, request: MeteredRequest = PLAIN_REQUEST): Promise<MeteredAnswer> {
    const webhookUrl = this.webhookUrls.parse(request.webhookUrl, organization);
    const key = request.idempotencyKey;
    if (key === undefined) return this.admit(operation, options, organization, newJobId(organization.publicId), webhookUrl);
    for (;;) {
      const claim = await this.idempotency.claim(organization.id, key, request.fingerprint, newJobId(organization.publicId));
      if (claim.kind === 'replay') {
        // A replay costs no credits but is a request like any other: it takes its burst token.
        await this.limits.takeBurstToken(organization.id, limitsFor(this.config.plans, organization).burst);
        const replayed = await this.replays.answer(operation as Operation, organization, key, claim.jobId);
        if (replayed) return replayed;
        continue;
      }
      try {
        return await this.admit(operation, options, organization, claim.jobId, webhookUrl, claim.confirm);
      } catch (error) {
        // Refused before charging, or refunded: the key is free again for a retry. A standing charge keeps it.
        const job = await this.jobs.getForOrganization(organization.id, claim.jobId).catch(() => null);
        if (!job || job.refunded) await claim.release();
        throw error;
      }
    }
  }

  /** `jobCreated`: called once the charged job row exists (an Idempotency-Key's claim is then kept for a day). */
  private async admit<O>(
    operation: Operation<O>, options: O, organization: Organization, jobId: string, webhookUrl: string | null,
    jobCreated: () => Promise<void> = async () => undefined,
  ): Promise<MeteredAnswer> {
    const admitted = Date.now();
    const target = new URL(operation.target(options, this.config));
    await operation.precheck?.(options);
    const route = operation.route(options);
    if (route.city) this.proxies.validateCity(route.tier, route.country, route.city);
    await this.proxies.assertAvailable(route.tier);

    const limits = limitsFor(this.config.plans, organization);
    await this.limits.takeBurstToken(organization.id, limits.burst);
    const price = operation.price(options);
    // DNS lookups (target, webhook) only for a caller within its burst and its credits: they cost the shared resolver.
    assertCovers(organization, price);
    await this.policy.assertTargetAllowed(target);
    await this.webhookUrls.assertReachable(webhookUrl);
    await this.limits.acquireSlot(organization.id, jobId, limits.concurrency, this.config.slotLeaseMs);
    const host = target.hostname.toLowerCase();
    let job: Job;
    let remaining: number;
    try {
      ({ balanceAfter: remaining } = await this.ledger.charge({
        organizationId: organization.id, requestKey: jobId, amount: price, reason: `${operation.kind} ${host}`, jobId, host,
        ...(operation.dailyLimited ? { dailyLimit: limits.dailyLimit } : {}),
      }));
      job = await insertChargedJob(this.jobs, this.ledger, Object.assign(this.newJob(jobId, organization, operation, options, host, price), { webhookUrl }), operation.dailyLimited);
      // Replays find the row from now on; a lost confirmation only shortens the key's life to its pending lease.
      await jobCreated().catch((error: unknown) => this.logger.warn({ err: error, jobId }, 'Idempotency-Key not kept for 24 hours'));
      await this.enqueue(job, limits.priority, operation.dailyLimited);
      this.metrics.jobStep('admission', Date.now() - admitted);
    } catch (error) {
      await this.limits.releaseSlot(organization.id, jobId);
      throw error;
    }
    return this.awaitAnswer(operation, job, remaining);
  }

  private async awaitAnswer<O>(operation: Operation<O>, job: Job, remaining: number): Promise<MeteredAnswer> {
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
    if (ended && current.status === 'failed') {
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

  private newJob<O>(id: string, organization: Organization, operation: Operation<O>, options: O, host: string, price: number): Job {
    const now = new Date();
    return Object.assign(new Job(), {
      id, organizationId: organization.id, kind: operation.kind, status: 'queued', host, price, refunded: false,
      options: JSON.stringify(options), errorCode: null, errorMessage: null, createdAt: now, startedAt: null, finishedAt: null,
      expiresAt: new Date(now.getTime() + this.config.resultTtlHours * 3_600_000),
    });
  }

  private async enqueue(job: Job, priority: number, dailyLimited: boolean): Promise<void> {
    try {
      await this.line.add({ jobId: job.id, kind: job.kind, organizationId: job.organizationId }, priority);
    } catch (error) {
      this.logger.error({ err: error, jobId: job.id }, 'enqueue failed; refunding');
      await this.jobs.markFailed(job.organizationId, job.id, ErrorCode.QueueUnavailable, 'The job queue is unavailable.');
      await this.ledger.refund({ organizationId: job.organizationId, requestKey: job.id, amount: job.price, jobId: job.id, host: job.host, dailyLimited });
      throw new AppError(ErrorCode.QueueUnavailable, 'The job queue is unavailable; nothing was charged. Retry later.');
    }
  }
}
