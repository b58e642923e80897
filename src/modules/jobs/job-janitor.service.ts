import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { ExpirySweep } from '../../common/time/expiry-sweep.js';
import { JobRepository } from './job.repository.js';

const EVERY_MS = 60_000;

/** Deletes expired job results (a lost job is the LostJobSweeper's alone). */
@Injectable()
export class JobJanitor extends ExpirySweep {
  private readonly resultTtlMs: number;

  constructor(
    @InjectConfig() config: AppConfig,
    private readonly jobs: JobRepository,
  ) {
    super({ runsApi: config.runsApi, everyMs: EVERY_MS, failure: 'janitor sweep failed' }, 'expired job results');
    this.resultTtlMs = config.resultTtlHours * 3_600_000;
  }

  protected removeExpired(now: Date): Promise<number> {
    return this.jobs.deleteExpired(now, new Date(now.getTime() - this.resultTtlMs));
  }
}
