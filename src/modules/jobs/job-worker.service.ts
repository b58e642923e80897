import { InjectQueue } from '@nestjs/bull';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job as BullJob, Queue } from 'bull';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { JOBS_QUEUE, JobPayload } from '../../infra/queue/queue.constants.js';
import { JobCaptures } from './job-captures.js';
import { JobEventsService } from './job-events.service.js';
import { JobRunner } from './job-runner.service.js';
import { OperationRegistry } from './operation-registry.js';
import { throttleCaptures } from './debug-throttle.js';
import { withFallback } from '../../common/time/deadline.js';

/** In worker processes only: takes BROWSER_CONCURRENCY jobs at once from Bull and hands them to the runner. */
@Injectable()
export class JobWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(JobWorker.name);

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectQueue(JOBS_QUEUE) private readonly queue: Queue<JobPayload>,
    private readonly runner: JobRunner,
    private readonly captures: JobCaptures,
    private readonly events: JobEventsService,
    private readonly registry: OperationRegistry,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runsWorker) return;
    this.events.onDebugRequest(throttleCaptures((jobId) => this.captures.capture(jobId)));
    void this.queue.process(this.config.browser.concurrency, (job: BullJob<JobPayload>) => {
      const own = this.registry.find(job.data.kind)?.own;
      return own ? own.process(job.data) : this.runner.run(job.data, job.timestamp);
    });
    // Bull fails a job whose worker died (stalled, maxStalledCount 0) or whose processor threw. Its row is the
    // LostJobSweeper's to fail (no heartbeat) or queue again (no queue entry): the one owner of a lost job.
    this.queue.on('failed', (job: BullJob<JobPayload>, error: Error) => {
      this.logger.warn({ jobId: job.data.jobId, reason: error.message }, 'Bull failed the job; the lost-job sweeper settles its row');
    });
    this.logger.log(`worker taking ${this.config.browser.concurrency} jobs at once`);
  }

  /** SIGTERM: stop taking jobs and let running ones finish (bounded) while the browser, proxies and Redis still run. */
  async beforeApplicationShutdown(): Promise<void> {
    if (!this.config.runsWorker) {
      await this.queue.close().catch(() => undefined);
      return;
    }
    // The longest job runs to its end (shutdownDrainMs): cut earlier, it would lose its browser mid-run.
    const closed = this.queue.close().then(() => true, (error) => (this.logger.warn(`queue close: ${(error as Error).message}`), true));
    if (!(await withFallback(closed, this.config.shutdownDrainMs, false))) {
      this.logger.warn(`running jobs not finished within ${this.config.shutdownDrainMs} ms of the shutdown: they stop with the browser`);
    }
  }
}
