import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Job } from '../../infra/database/entities/index.js';
import { JOBS_QUEUE, JobPayload } from '../../infra/queue/queue.constants.js';
import { JobHeartbeat } from './job-heartbeat.js';
import { JobLine } from './job-line.service.js';
import { JobRepository } from './job.repository.js';
import { JobRunner } from './job-runner.service.js';

/** Periods a heartbeat must be seen missing before its job is failed: a Redis that just restarted empty is refilled by then. */
const MISSING_PERIODS = 2;
/** A job put back in the queue jumps the line: it was paid and has waited already. */
const REQUEUE_PRIORITY = 1;
const BATCH = 200;

/**
 * In every process, every heartbeat period: a running job whose worker stopped beating is failed as worker_lost
 * (whoever sees it first; the row's status makes it happen once), and a queued job whose queue entry vanished
 * (Redis restarted without its data) is queued again.
 */
@Injectable()
export class LostJobSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LostJobSweeper.name);
  private readonly missingSince = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    private readonly heartbeat: JobHeartbeat,
    private readonly jobs: JobRepository,
    private readonly runner: JobRunner,
    @InjectQueue(JOBS_QUEUE) private readonly queue: Queue<JobPayload>,
    private readonly line: JobLine,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.heartbeat.periodMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(now = Date.now()): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      await this.failSilentJobs(now);
      await this.requeueVanished(new Date(now - this.heartbeat.ttlMs));
    } catch (error) {
      this.logger.warn(`lost-job sweep skipped: ${(error as Error).message}`);
    } finally {
      this.sweeping = false;
    }
  }

  private async failSilentJobs(now: number): Promise<void> {
    const settled = now - this.heartbeat.ttlMs;
    const running = (await this.jobs.listByStatus('running', BATCH)).filter((job) => (job.startedAt?.getTime() ?? 0) < settled);
    const silent = new Set(await this.heartbeat.silent(running.map((job) => job.id)));
    for (const id of this.missingSince.keys()) if (!silent.has(id)) this.missingSince.delete(id);
    for (const job of running.filter((candidate) => silent.has(candidate.id))) {
      const since = this.missingSince.get(job.id) ?? now;
      this.missingSince.set(job.id, since);
      if (now - since < MISSING_PERIODS * this.heartbeat.periodMs) continue;
      this.missingSince.delete(job.id);
      this.logger.warn({ jobId: job.id, startedAt: job.startedAt }, 'job lost with its worker (no heartbeat)');
      await this.runner.abandon(payloadOf(job), 'The worker running this job stopped.');
    }
  }

  private async requeueVanished(before: Date): Promise<void> {
    for (const job of await this.jobs.listByStatus('queued', BATCH, before)) {
      if (await this.queue.getJob(job.id)) continue;
      this.logger.warn({ jobId: job.id }, 'queued job missing from the queue; queued again');
      await this.line.add(payloadOf(job), REQUEUE_PRIORITY);
    }
  }
}

function payloadOf(job: Job): JobPayload {
  return { jobId: job.id, kind: job.kind, organizationId: job.organizationId };
}
