import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { JobRepository } from './job.repository.js';
import { JobRunner } from './job-runner.service.js';

const EVERY_MS = 60_000;

/** Fails jobs stuck `running` past every time limit (their worker vanished) and deletes expired results. */
@Injectable()
export class JobJanitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobJanitor.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly jobs: JobRepository,
    private readonly runner: JobRunner,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runsApi) return;
    this.timer = setInterval(() => void this.sweep(), EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(now = new Date()): Promise<void> {
    try {
      const limit = Math.max(this.config.jobTimeoutMs, this.config.chatTimeoutMs) + 2 * EVERY_MS;
      for (const job of await this.jobs.listStuck(new Date(now.getTime() - limit))) {
        await this.runner.abandon({ jobId: job.id, kind: job.kind, organizationId: job.organizationId }, 'The job outlived every time limit.');
      }
      const removed = await this.jobs.deleteExpired(now);
      if (removed > 0) this.logger.log(`removed ${removed} expired job results`);
    } catch (error) {
      this.logger.error({ err: error }, 'janitor sweep failed');
    }
  }
}
