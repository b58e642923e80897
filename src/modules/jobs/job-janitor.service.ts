import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { ExpirySweep } from '../../common/time/expiry-sweep.js';
import { EXPIRED_BATCH, JobRepository } from './job.repository.js';

const EVERY_MS = 60_000;
/**
 * Batches a round takes while each comes back full: 20,000 jobs a minute, past any pace the workers reach (one batch a
 * round fell behind at 8 jobs a second, and the table grew without end).
 */
const MAX_BATCHES = 40;

/** Deletes expired job results and Idempotency-Keys past their day (a lost job is the LostJobSweeper's alone). */
@Injectable()
export class JobJanitor extends ExpirySweep {
  private readonly resultTtlMs: number;

  constructor(
    @InjectConfig() config: AppConfig,
    private readonly jobs: JobRepository,
  ) {
    super({ runsApi: config.runsApi, everyMs: EVERY_MS, failure: 'janitor sweep failed' }, 'expired job results and Idempotency-Keys');
    this.resultTtlMs = config.resultTtlHours * 3_600_000;
  }

  protected async removeExpired(now: Date): Promise<number> {
    const finishedBefore = new Date(now.getTime() - this.resultTtlMs);
    let removed = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const count = await this.jobs.deleteExpired(now, finishedBefore);
      removed += count;
      if (count < EXPIRED_BATCH) break;
    }
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const count = await this.jobs.deleteExpiredKeys(now);
      removed += count;
      if (count < EXPIRED_BATCH) break;
    }
    return removed;
  }
}
