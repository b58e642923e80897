import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { MeteredAnswer } from '../../common/http/metered-answer.js';
import type { Job } from '../../infra/database/entities/index.js';
import { JobRepository } from '../jobs/job.repository.js';
import { SiteEnds } from './site-ends.js';
import { SiteViews } from './site-views.js';

/**
 * DELETE /crawl/{job} of a site crawl (decisions 9.4): no new page starts; pages running finish and are kept and
 * charged; then `cancelled` with stop_reason `cancelled` (at once when none runs; nothing was charged for a queued one).
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
    const current = (await this.jobs.getForOrganization(job.organizationId, job.id)) ?? job;
    if (current.status === 'done' || current.status === 'failed') {
      throw new AppError(ErrorCode.NotCancellable, `The crawl has ended (${current.status}); only a queued or running crawl can be cancelled.`);
    }
    const collected = await this.views.collect(current, undefined);
    return new MeteredAnswer(200, collected.body, { jobId: job.id, billing: null });
  }
}
