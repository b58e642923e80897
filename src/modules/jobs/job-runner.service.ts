import { asContentOwner } from '../../infra/content/content-threads.js';
import { Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { AppError, isAppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { deadlineSignal, raceSignal } from '../../common/time/deadline.js';
import { BrowserCluster } from '../../infra/browser/browser-cluster.js';
import { BrowserLost } from '../../infra/browser/job-run.js';
import type { NavigationRule } from '../../infra/browser/request-guard.js';
import { MetricsService } from '../../infra/metrics/metrics.service.js';
import type { Job } from '../../infra/database/entities/index.js';
import type { ProxyRoute } from '../../infra/proxy/proxy-route.js';
import { ProxyPoolService } from '../../infra/proxy/proxy-pool.service.js';
import type { JobPayload } from '../../infra/queue/queue.constants.js';
import { LedgerService } from '../billing/ledger.service.js';
import { LimitsService } from '../billing/limits.service.js';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher.service.js';
import { JobCaptures } from './job-captures.js';
import { JobEventsService } from './job-events.service.js';
import { JobHeartbeat } from './job-heartbeat.js';
import { JobLine } from './job-line.service.js';
import { BACKSTOP_MS, jobDeadlineSignal } from './job-signal.js';
import type { JobFailure } from './job-finish.js';
import { JobRepository } from './job.repository.js';
import { jobTimeoutMs, type JobOutput, type Operation, type TaskContext } from './operation.js';
import { OperationRegistry } from './operation-registry.js';
import { retryStoreWrite } from './store-retry.js';
import { CommandBatch, sendBatch } from '../../infra/redis/command-batch.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import type { Redis } from 'ioredis';

/** Worth another proxy of the pool: the target may be reachable from elsewhere, or the proxy was the problem. */
const RETRY_ON = new Set<string>([ErrorCode.TargetUnreachable, ErrorCode.ProxyFailed]);
/** A job tries another proxy only with more than this left before its deadline. */
const LAST_TRY_MS = 1000;
/** A job runs again on a new browser only with more than this left: a launch and a page load. */
const NEW_BROWSER_TRY_MS = 5000;

/** Worker side of a job: run its operation in the browser, store the outcome, tally it, free the slot (the SlotKeeper renews it meanwhile). */
@Injectable()
export class JobRunner {
  private readonly logger = new Logger(JobRunner.name);

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly registry: OperationRegistry,
    private readonly jobs: JobRepository,
    private readonly browser: BrowserCluster,
    private readonly proxies: ProxyPoolService,
    private readonly limits: LimitsService,
    private readonly events: JobEventsService,
    private readonly metrics: MetricsService,
    private readonly heartbeat: JobHeartbeat,
    private readonly webhooks: WebhookDispatcher,
    private readonly line: JobLine,
    private readonly ledger: LedgerService,
    private readonly captures: JobCaptures,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  /** `enqueuedAt`: epoch ms the job entered the queue (Bull's timestamp), for the queue-wait step. */
  async run(payload: JobPayload, enqueuedAt?: number): Promise<void> {
    const taken = Date.now();
    if (enqueuedAt !== undefined) this.metrics.jobStep('queue wait', taken - enqueuedAt);
    const job = await retryStoreWrite(() => this.jobs.start(payload.organizationId, payload.jobId));
    if (!job) {
      await this.startIn(this.redis.multi(), payload.jobId);
      return;
    }
    if (job.webhookUrl) await this.webhooks.owe(job.organizationId, job.id);
    const operation = this.registry.get(job.kind);
    // The job's one deadline, and its one signal aborted there: the page, content threads, recipe and model end on it;
    // the backstop fails work that ignores it; the heartbeat carries it for the LostJobSweeper, should this worker hang.
    const deadline = Date.now() + jobTimeoutMs(operation, this.config);
    const jobSignal = jobDeadlineSignal(deadline);
    const batch = this.redis.multi();
    const stopBeat = this.heartbeat.start(job.id, deadline, batch);
    // Not awaited: one connection sends commands in order, so the job's end still comes after its start.
    void this.startIn(batch, job.id);
    this.metrics.jobStep('dispatch', Date.now() - taken);
    try {
      const started = Date.now();
      const work = () => asContentOwner(job.organizationId, () => this.execute(operation, job, deadline, jobSignal.signal));
      const outcome = await this.captures.during(job.id, work).catch((error: unknown) => toFailure(error, job.id, this.logger));
      const recording = Date.now();
      if (!('type' in outcome) && operation.refusal?.(outcome)) await this.refundRefusal(operation, job);
      await this.record(job, started, outcome);
      this.metrics.jobStep('record', Date.now() - recording);
    } finally {
      const ending = Date.now();
      jobSignal.dispose();
      stopBeat();
      await this.endJob(job.organizationId, job.id, true);
      this.metrics.jobStep('release', Date.now() - ending);
      // Most jobs have no webhook: the row read at the start says so, without another query at the end.
      if (job.webhookUrl) await this.webhooks.jobEnded(job.organizationId, job.id);
    }
  }

  /** Before the job ends (so a synchronous waiter's refund is a replay): a caller's refusal is never charged. */
  private async refundRefusal(operation: Operation, job: Job): Promise<void> {
    await retryStoreWrite(() =>
      this.ledger.refund({
        organizationId: job.organizationId, requestKey: job.id, jobId: job.id, host: job.host,
        dailyLimited: operation.dailyLimited, reason: 'refund: refused by the target\'s robots.txt',
      }),
    );
  }

  /** A job lost with its worker: fail it, count the attempt (once, whoever gets here first), free its slot. */
  async abandon(payload: JobPayload, reason: string, requestedAt: Date): Promise<void> {
    if (await this.jobs.finish(payload.organizationId, payload.jobId, { code: ErrorCode.WorkerLost, message: reason }, requestedAt)) {
      this.metrics.jobEnded(payload.kind, 'failed', null, ErrorCode.WorkerLost);
      const job = await this.jobs.getForOrganization(payload.organizationId, payload.jobId);
      if (job?.webhookUrl) await this.webhooks.jobEnded(payload.organizationId, payload.jobId);
    }
    await this.endJob(payload.organizationId, payload.jobId);
  }

  /** Stores the outcome and its tally in one round trip (waiting out a store restart), only if this worker's outcome is the one kept. */
  private async record(job: Job, started: number, outcome: JobOutput | JobFailure): Promise<void> {
    const ms = Date.now() - started;
    const failed = !('type' in outcome);
    if (failed) this.logger.warn({ jobId: job.id, kind: job.kind, code: outcome.code, ms }, outcome.message);
    const kept = await retryStoreWrite(() => this.jobs.finish(job.organizationId, job.id, outcome, job.createdAt));
    if (failed) {
      if (kept) this.metrics.jobEnded(job.kind, 'failed', started, outcome.code);
    } else if (kept) {
      this.logger.log({ jobId: job.id, kind: job.kind, ms }, 'job done');
      this.metrics.jobEnded(job.kind, 'done', started);
    } else {
      this.logger.warn({ jobId: job.id }, 'job finished after it was failed as lost; its result is dropped');
    }
  }

  /**
   * Taken by a worker: out of the line, in one round trip with the first beat (`batch`). Out of the line only once the
   * row says running, so a reader who saw the job queued still finds its place. Should Redis refuse, the end takes it out.
   */
  private async startIn(batch: CommandBatch, jobId: string): Promise<void> {
    await sendBatch(this.line.leaveIn(batch, jobId)).catch((error: Error) => this.logger.warn(`start of job ${jobId} not written to Redis (line, first beat): ${error.message}`));
  }

  /**
   * The slot and the waiting request are Redis's: a Redis outage here is logged, the lease then expires by itself.
   * One round trip, in this order: this worker's beat (`beat`), the slot, the line, the end event.
   */
  private async endJob(organizationId: string, jobId: string, beat = false): Promise<void> {
    try {
      const batch = this.redis.multi();
      if (beat) this.heartbeat.endIn(batch, jobId);
      this.limits.releaseSlotIn(batch, organizationId, jobId);
      this.line.leaveIn(batch, jobId);
      this.events.announceEndIn(batch, jobId);
      await sendBatch(batch);
    } catch (error) {
      this.logger.warn(`end of job ${jobId} not announced: ${(error as Error).message}`);
    }
  }

  private execute(operation: Operation, job: Job, deadline: number, signal: AbortSignal): Promise<JobOutput> {
    return this.perform(operation, JSON.parse(job.options) as unknown, job, { deadline, signal });
  }

  /**
   * An operation's work for one job, without a job row of its own (a site crawl's page, decisions.md 9.3): the proxy
   * route chosen (another proxy of the pool once on a proxy's or the target's failure), the browser (a new one once,
   * should the job's browser die under it), the deadline
   * and the job's signal (aborted at the deadline); a site crawl's bounds on where its pages navigate (9.1).
   */
  async perform(operation: Operation, options: unknown, job: Pick<Job, 'id' | 'organizationId'>, time: PerformTime): Promise<JobOutput> {
    try {
      return await this.throughThePool(operation, options, job, time);
    } catch (error) {
      // Its browser died under it (killed, out of memory) while its page did nothing wrong: once more on a new browser,
      // within the same deadline, when there is time for a launch and a page. A page that crashed or hung itself is not
      // run again, nor a second loss, nor work that may have acted on the target (a recipe's actions, a chat's prompt).
      if (!(error instanceof BrowserLost) || !operation.repeatable || Date.now() > time.deadline - NEW_BROWSER_TRY_MS) throw error;
      this.logger.warn({ jobId: job.id }, 'its browser died under the job; it runs again on a new browser');
      return await this.throughThePool(operation, options, job, time);
    }
  }

  /** The work on a proxy of the route's pool, and on another of the pool once should the proxy or the target fail. */
  private async throughThePool(operation: Operation, options: unknown, job: Pick<Job, 'id' | 'organizationId'>, time: PerformTime): Promise<JobOutput> {
    const { deadline } = time;
    const request = operation.route(options);
    const target = { country: request.country, city: request.city };
    const first = await this.proxies.select(request.tier, target);
    try {
      return await this.attempt(operation, options, job, first, time);
    } catch (error) {
      if (!isAppError(error) || !RETRY_ON.has(error.code) || Date.now() > deadline - LAST_TRY_MS) throw await this.poolVerdict(error, request.tier);
      // No markFailed here: the relay already set the proxy aside if, and only if, the proxy itself failed.
      const second = await this.proxies.select(request.tier, target, [first.id]).catch(() => null);
      if (!second) throw await this.poolVerdict(error, request.tier);
      return await this.attempt(operation, options, job, second, time).catch(async (again: unknown) => {
        throw await this.poolVerdict(again, request.tier);
      });
    }
  }

  /** A proxy failure that left no proxy of the tier in service: the pool died during the job (decisions 8.4). */
  private async poolVerdict(error: unknown, tier: ProxyRoute['tier']): Promise<unknown> {
    if (!isAppError(error) || error.code !== ErrorCode.ProxyFailed) return error;
    if (await this.proxies.inService(tier).catch(() => true)) return error;
    return new AppError(ErrorCode.ProxyPoolUnavailable, `Every proxy of the ${tier} pool failed during the job. Retry later.`);
  }

  private attempt(operation: Operation, options: unknown, job: Pick<Job, 'id' | 'organizationId'>, route: ProxyRoute, time: PerformTime): Promise<JobOutput> {
    const { deadline, signal, navigation } = time;
    const context: TaskContext = {
      jobId: job.id,
      organizationId: job.organizationId,
      route,
      deadline,
      signal,
      config: this.config,
      withPage: (pageOptions, fn) => {
        const spec = { jobId: job.id, organizationId: job.organizationId, route, options: pageOptions, deadline, signal, navigation };
        return this.browser.withPage(spec, (session) => this.captures.whileHeld(job.id, () => fn(session)));
      },
      showPage: (page) => this.captures.keep(job.id, page),
    };
    return withBackstop(operation.run(context, options), deadline + BACKSTOP_MS);
  }
}

/** One performance's time (its deadline, and the signal aborted there) and, for a site crawl's page, the crawl's bounds. */
export interface PerformTime {
  readonly deadline: number;
  readonly signal: AbortSignal;
  readonly navigation?: NavigationRule;
}

function toFailure(error: unknown, jobId: string, logger: Logger): JobFailure {
  if (isAppError(error)) return { code: error.code, message: error.message };
  logger.error({ err: error, jobId }, 'job crashed');
  return { code: ErrorCode.InternalError, message: 'The job failed on our side.' };
}

/**
 * Every part of the job stops on its signal at the deadline, failing it with navigation_timeout; this backstop fails
 * the job should some work ignore the signal (the LostJobSweeper's OVERDUE_MS is counted past it).
 */
function withBackstop<T>(work: Promise<T>, at: number): Promise<T> {
  return raceSignal(work, deadlineSignal(at), () => new AppError(ErrorCode.NavigationTimeout, 'The job ran past its time limit.'));
}
