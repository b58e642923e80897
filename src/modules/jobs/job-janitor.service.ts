import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { ApiRounds } from '../../common/time/api-rounds.js';
import { JobRepository } from './job.repository.js';

const EVERY_MS = 60_000;

/** Deletes expired job results (a lost job is the LostJobSweeper's alone). */
@Injectable()
export class JobJanitor extends ApiRounds {
  constructor(
    @InjectConfig() config: AppConfig,
    private readonly jobs: JobRepository,
  ) {
    super({ runsApi: config.runsApi, everyMs: EVERY_MS, failure: 'janitor sweep failed' });
  }

  sweep(now = new Date()): Promise<void> {
    return this.runNow(() => this.round(now));
  }

  protected async round(now: Date): Promise<void> {
    const removed = await this.jobs.deleteExpired(now);
    if (removed > 0) this.logger.log(`removed ${removed} expired job results`);
  }
}
