import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Job } from '../../infra/database/entities/index.js';
import { JOBS_QUEUE, JobPayload } from '../../infra/queue/queue.constants.js';
import { JobHeartbeat } from './job-heartbeat.js';
import { JobLine } from './job-line.service.js';
import { JobRepository } from './job.repository.js';
import { JobRunner } from './job-runner.service.js';
import { OperationRegistry } from './operation-registry.js';
import { PeriodicTask } from '../../common/time/periodic-task.js';

/** Periods a heartbeat must be seen missing before its job is failed: a Redis that just restarted empty is refilled by then. */
const MISSING_PERIODS = 2;
/**
 * How long past its deadline a job may still run on a live worker: the job's signal ends its work at the deadline, the
 * runner's backstop (BACKSTOP_MS, job-signal.ts) fails it a little after, so a job still beating this late has a worker stuck.
 */
export const OVERDUE_MS = 30_000;
/** A job put back in the queue jumps the line: it was paid and has waited already. */
const REQUEUE_PRIORITY = 1;
const BATCH = 200;
/** Running jobs of the kinds it judges are bounded by the workers' slots (BROWSER_CONCURRENCY each): all are judged every sweep. */
const RUNNING_BATCH = 2000;

/**
 * The one owner of a lost job. In every process, every heartbeat period: a running job whose worker stopped beating,
 * or whose live worker kept it OVERDUE_MS past its deadline, is failed as worker_lost (whoever sees it first; the
 * row's status makes it happen once), and a queued job whose queue entry vanished (Redis restarted without its data,
 * or Bull dropped a job its processor threw on) is queued again. Bull's own stalled-job failure only logs
 * (JobWorker): failing the row is this sweeper's, so a job's fate has one writer besides its runner.
 */
@Injectable()
export class LostJobSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LostJobSweeper.name);
  private readonly missingSince = new Map<string, number>();
  private readonly task = new PeriodicTask(() => this.sweepOnce(Date.now()), (error) => this.skipped(error));

  constructor(
    private readonly heartbeat: JobHeartbeat,
    private readonly jobs: JobRepository,
    private readonly runner: JobRunner,
    @InjectQueue(JOBS_QUEUE) private readonly queue: Queue<JobPayload>,
    private readonly line: JobLine,
    private readonly registry: OperationRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start(this.heartbeat.periodMs);
  }

  onApplicationShutdown(): void {
    this.task.stop();
  }

  sweep(now = Date.now()): Promise<void> {
    return this.task.run(() => this.sweepOnce(now));
  }

  private async sweepOnce(now: number): Promise<void> {
    await this.failLostJobs(now);
    await this.requeueVanished(new Date(now - this.heartbeat.ttlMs));
  }

  /**
   * A sweep that failed (Redis or the database unreachable) ends every count of missing periods: while Redis is down no
   * worker can beat, so the periods of an outage are no evidence, and a count begun before it would fail a job whose
   * worker has had no chance to beat again since Redis came back.
   */
  private skipped(error: Error): void {
    this.missingSince.clear();
    this.logger.warn(`lost-job sweep skipped: ${error.message}`);
  }

  private async failLostJobs(now: number): Promise<void> {
    const running = await this.jobs.listByStatus('running', RUNNING_BATCH, { exceptKinds: this.registry.ownKinds() });
    const { lost, overdue } = await this.heartbeat.judge(running.map((job) => job.id), now, OVERDUE_MS);
    const silent = new Set(lost);
    const late = new Set(overdue);
    for (const id of this.missingSince.keys()) if (!silent.has(id)) this.missingSince.delete(id);
    for (const job of running) {
      if (late.has(job.id)) {
        this.logger.warn({ jobId: job.id, startedAt: job.startedAt }, `job still running ${OVERDUE_MS / 1000} s past its deadline on a live worker`);
        await this.runner.abandon(payloadOf(job), 'The job outlived its time limit.', job.createdAt);
        continue;
      }
      if (!silent.has(job.id)) continue;
      // A job is marked running just before its first beat: missing for MISSING_PERIODS sweeps is never that moment.
      const since = this.missingSince.get(job.id) ?? now;
      this.missingSince.set(job.id, since);
      if (now - since < MISSING_PERIODS * this.heartbeat.periodMs) continue;
      this.missingSince.delete(job.id);
      this.logger.warn({ jobId: job.id, startedAt: job.startedAt }, 'job lost with its worker (no heartbeat)');
      await this.runner.abandon(payloadOf(job), 'The worker running this job stopped.', job.createdAt);
    }
  }

  private async requeueVanished(before: Date): Promise<void> {
    for (const job of await this.jobs.listByStatus('queued', BATCH, { createdBefore: before, exceptKinds: this.registry.ownKinds() })) {
      if (await this.queue.getJob(job.id)) continue;
      this.logger.warn({ jobId: job.id }, 'queued job missing from the queue; queued again');
      await this.line.add(payloadOf(job), REQUEUE_PRIORITY);
    }
  }
}

function payloadOf(job: Job): JobPayload {
  return { jobId: job.id, kind: job.kind, organizationId: job.organizationId };
}
