import { Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { AppError, isAppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { BrowserPool } from '../../infra/browser/browser-pool.js';
import type { Job } from '../../infra/database/entities/index.js';
import type { ProxyRoute } from '../../infra/proxy/proxy-route.js';
import { ProxyPoolService } from '../../infra/proxy/proxy-pool.service.js';
import type { JobPayload } from '../../infra/queue/queue.constants.js';
import { LimitsService } from '../billing/limits.service.js';
import { UsageRepository } from '../billing/usage.repository.js';
import { JobEventsService } from './job-events.service.js';
import { JobRepository } from './job.repository.js';
import type { JobOutput, Operation, TaskContext } from './operation.js';
import { OperationRegistry } from './operation-registry.js';

const RENEW_EVERY_MS = 20_000;
/** Worth another proxy of the pool: the target may be reachable from elsewhere, or the proxy was the problem. */
const RETRY_ON = new Set<string>([ErrorCode.TargetUnreachable, ErrorCode.ProxyFailed]);

/** Worker side of a job: run its operation in the browser, store the outcome, tally it, free the slot. */
@Injectable()
export class JobRunner {
  private readonly logger = new Logger(JobRunner.name);

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly registry: OperationRegistry,
    private readonly jobs: JobRepository,
    private readonly browser: BrowserPool,
    private readonly proxies: ProxyPoolService,
    private readonly limits: LimitsService,
    private readonly usage: UsageRepository,
    private readonly events: JobEventsService,
  ) {}

  async run(payload: JobPayload): Promise<void> {
    const job = await this.jobs.getForOrganization(payload.organizationId, payload.jobId);
    if (!job || !(await this.jobs.markRunning(job.organizationId, job.id))) return;
    const renew = setInterval(() => void this.limits.renewSlot(job.organizationId, job.id).catch(() => undefined), RENEW_EVERY_MS);
    const started = Date.now();
    try {
      const output = await this.execute(job);
      await this.jobs.complete(job.organizationId, job.id, output);
      await this.usage.recordOutcome(job.organizationId, job.host, true);
      this.logger.log({ jobId: job.id, kind: job.kind, ms: Date.now() - started }, 'job done');
    } catch (error) {
      const failure = toFailure(error);
      if (failure.code === ErrorCode.InternalError) this.logger.error({ err: error, jobId: job.id }, 'job crashed');
      else this.logger.warn({ jobId: job.id, kind: job.kind, code: failure.code, ms: Date.now() - started }, failure.message);
      await this.jobs.markFailed(job.organizationId, job.id, failure.code, failure.message);
      await this.usage.recordOutcome(job.organizationId, job.host, false);
    } finally {
      clearInterval(renew);
      await this.limits.releaseSlot(job.organizationId, job.id);
      await this.events.announceEnd(job.id);
    }
  }

  /** A job lost with its worker (stalled): fail it, count the attempt, free its slot. */
  async abandon(payload: JobPayload, reason: string): Promise<void> {
    if (await this.jobs.markFailed(payload.organizationId, payload.jobId, ErrorCode.BrowserCrashed, reason)) {
      const job = await this.jobs.getForOrganization(payload.organizationId, payload.jobId);
      if (job) await this.usage.recordOutcome(job.organizationId, job.host, false);
    }
    await this.limits.releaseSlot(payload.organizationId, payload.jobId);
    await this.events.announceEnd(payload.jobId);
  }

  private async execute(job: Job): Promise<JobOutput> {
    const operation = this.registry.get(job.kind);
    const options = JSON.parse(job.options) as unknown;
    const deadline = Date.now() + operation.timeoutMs(this.config);
    const request = operation.route(options);
    const target = { country: request.country, city: request.city };
    const first = await this.proxies.select(request.tier, target);
    try {
      return await this.attempt(operation, options, job, first, deadline);
    } catch (error) {
      if (!isAppError(error) || !RETRY_ON.has(error.code) || Date.now() > deadline - 1000) throw error;
      // No markFailed here: the relay already set the proxy aside if, and only if, the proxy itself failed.
      const second = await this.proxies.select(request.tier, target, [first.id]).catch(() => null);
      if (!second) throw error;
      return this.attempt(operation, options, job, second, deadline);
    }
  }

  private attempt(operation: Operation, options: unknown, job: Job, route: ProxyRoute, deadline: number): Promise<JobOutput> {
    const context: TaskContext = {
      jobId: job.id,
      route,
      deadline,
      config: this.config,
      withPage: (pageOptions, fn) => this.browser.withPage({ jobId: job.id, route, options: pageOptions, deadline }, fn),
    };
    return withDeadline(operation.run(context, options), deadline + 5_000);
  }
}

function toFailure(error: unknown): { code: string; message: string } {
  if (isAppError(error)) return { code: error.code, message: error.message };
  return { code: ErrorCode.InternalError, message: 'The job failed on our side.' };
}

/** The browser enforces the deadline on its pages; this is the last guard should an operation hang elsewhere. */
function withDeadline<T>(work: Promise<T>, at: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError(ErrorCode.NavigationTimeout, 'The job ran past its time limit.')), Math.max(0, at - Date.now()));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
