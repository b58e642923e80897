import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { JobRepository } from './job.repository.js';

const EVERY_MS = 60_000;

/** Deletes expired job results (a lost job is the LostJobSweeper's alone). */
@Injectable()
export class JobJanitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobJanitor.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly jobs: JobRepository,
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
      const removed = await this.jobs.deleteExpired(now);
      if (removed > 0) this.logger.log(`removed ${removed} expired job results`);
    } catch (error) {
      this.logger.error({ err: error }, 'janitor sweep failed');
    }
  }
}
