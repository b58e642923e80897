import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { MeteredAnswer } from '../../common/http/metered-answer.js';
import type { Job } from '../../infra/database/entities/index.js';
import { JobRepository } from '../jobs/job.repository.js';
import { SiteEnds } from './site-ends.js';
import { SiteViews } from './site-views.js';

/**
 * How long a cancel waits for the crawl to end before it answers: a page waiting out a floor or a pause drops at its
 * next look (HostGate: every 250 ms), and a page being fetched often ends within it. Past it, the answer is the crawl
 * as it is (running), and the crawl ends when its last running page does.
 */
const SETTLE_MS = 2_000;
const LOOK_EVERY_MS = 100;

/**
 * DELETE /crawl/{job} of a site crawl (decisions 9.4): no new page starts; pages running finish and are kept and
 * charged; then `cancelled` with stop_reason `cancelled` (at once when none runs; nothing was charged for a queued one).
 * The answer is the envelope as collected once the crawl ended, or SETTLE_MS after the cancel.
 */
@Injectable()
export class SiteCancel {
  constructor(
    private readonly jobs: JobRepository,
    private readonly ends: SiteEnds,
    private readonly views: SiteViews,
  ) {}

  async cancel(job: Job): Promise<MeteredAnswer> {
    if (job.status === 'queued' || job.status === 'running') await this.ends.stop(job.organizationId, job.id, 'cancelled', null);
    const current = await this.settled(job);
    if (current.status === 'done' || current.status === 'failed') {
      throw new AppError(ErrorCode.NotCancellable, `The crawl has ended (${current.status}); only a queued or running crawl can be cancelled.`);
    }
    const collected = await this.views.collect(current, undefined);
    return new MeteredAnswer(200, collected.body, { jobId: job.id, billing: null });
  }

  /** The crawl once it has ended, or as it is SETTLE_MS from now. */
  private async settled(job: Job): Promise<Job> {
    const until = Date.now() + SETTLE_MS;
    for (;;) {
      const current = (await this.jobs.getForOrganization(job.organizationId, job.id)) ?? job;
      if (current.status !== 'queued' && current.status !== 'running') return current;
      if (Date.now() >= until) return current;
      await new Promise((done) => setTimeout(done, LOOK_EVERY_MS));
    }
  }
}
