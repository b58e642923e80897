import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { PeriodicTask } from '../../common/time/periodic-task.js';
import { JobRepository } from './job.repository.js';

const EVERY_MS = 60_000;

/** Deletes expired job results (a lost job is the LostJobSweeper's alone). */
@Injectable()
export class JobJanitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobJanitor.name);
  private readonly task = new PeriodicTask(() => this.removeExpired(new Date()), (error) => this.logger.error({ err: error }, 'janitor sweep failed'));

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly jobs: JobRepository,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runsApi) return;
    this.task.start(EVERY_MS);
  }

  onApplicationShutdown(): void {
    this.task.stop();
  }

  sweep(now = new Date()): Promise<void> {
    return this.task.run(() => this.removeExpired(now));
  }

  private async removeExpired(now: Date): Promise<void> {
    const removed = await this.jobs.deleteExpired(now);
    if (removed > 0) this.logger.log(`removed ${removed} expired job results`);
  }
}
