import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import type { MeteredAnswer } from '../../common/http/metered-answer.js';
import type { CollectedJob } from './job.repository.js';
import { JobViewService } from './job-view.service.js';
import { OperationRegistry } from './operation-registry.js';

/** GET /crawl/{job}: an unknown id and another organization's id are the same 404 (CollectKeyGuard read the job). */
@Injectable()
export class JobCollector {
  constructor(
    private readonly views: JobViewService,
    private readonly registry: OperationRegistry,
  ) {}

  async collect(found: CollectedJob['found'], cursor?: string): Promise<MeteredAnswer> {
    if (!found) throw AppError.notFound();
    const operation = this.registry.get(found.job.kind);
    if (operation.own) return operation.own.collect(found.job, cursor);
    if (cursor !== undefined) throw AppError.field('cursor', 'cursor is accepted only when collecting a site crawl');
    return this.views.answer(operation, found.job, null, found.output);
  }
}
