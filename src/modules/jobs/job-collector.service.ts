import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import type { Organization } from '../../infra/database/entities/index.js';
import type { MeteredAnswer } from '../../common/http/metered-answer.js';
import { JobViewService } from './job-view.service.js';
import { JobRepository } from './job.repository.js';
import { OperationRegistry } from './operation-registry.js';

const JOB_ID = /^[A-Za-z0-9]{1,16}_[A-Za-z0-9]{1,40}$/;

/** GET /crawl/{job}: an unknown id and another organization's id are the same 404. */
@Injectable()
export class JobCollector {
  constructor(
    private readonly jobs: JobRepository,
    private readonly views: JobViewService,
    private readonly registry: OperationRegistry,
  ) {}

  async collect(organization: Organization, jobId: string): Promise<MeteredAnswer> {
    const found = JOB_ID.test(jobId) ? await this.jobs.getWithOutput(organization.id, jobId) : null;
    if (!found) throw AppError.notFound();
    return this.views.answer(this.registry.get(found.job.kind), found.job, null, found.output);
  }
}
