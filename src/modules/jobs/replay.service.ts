import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { MeteredAnswer } from '../../common/http/metered-answer.js';
import type { Job, Organization } from '../../infra/database/entities/index.js';
import { OrganizationRepository } from '../auth/organization.repository.js';
import { IdempotencyService, PENDING_CLAIM_MS } from './idempotency.service.js';
import { JobViewService } from './job-view.service.js';
import { JobRepository } from './job.repository.js';
import type { Operation } from './operation.js';

const POLL_MS = 50;
/**
 * Past the first request's pending lease: a first request that died between its claim and its job (an API killed)
 * lets its lease lapse, and its replay then runs as the request itself instead of failing 500 while the key is held.
 */
const FIRST_REQUEST_WAIT_MS = PENDING_CLAIM_MS + 1_000;

/** The answer to a repeated Idempotency-Key: the first request's job as it is now, never charged again. */
@Injectable()
export class ReplayService {
  constructor(
    private readonly idempotency: IdempotencyService,
    private readonly jobs: JobRepository,
    private readonly organizations: OrganizationRepository,
    private readonly views: JobViewService,
  ) {}

  /** null when the first request gave its key up (it failed before creating its job): the caller claims again. */
  async answer(operation: Operation, organization: Organization, key: string, jobId: string): Promise<MeteredAnswer | null> {
    const until = Date.now() + FIRST_REQUEST_WAIT_MS;
    for (;;) {
      const job = await this.jobs.getForOrganization(organization.id, jobId);
      if (job) {
        // A kind that answers for itself (a site crawl, charged page by page: no credit headers) replays as collected.
        const answer = operation.own
          ? await operation.own.collect(job, undefined)
          : await this.views.answer(operation, job, { charged: await this.firstCharge(job), remaining: await this.balance(organization) });
        return new MeteredAnswer(answer.status, answer.body, { ...answer.facts, replayed: true });
      }
      // Confirmed, yet no row: the job expired before the key's day ended; the key is free again (the caller claims it).
      if (await this.idempotency.releaseExpiredJob(organization.id, key, jobId)) return null;
      // The first request is still between its claim and its job row (limits, charge): wait for one or the other.
      if (await this.idempotency.isReleased(organization.id, key, jobId)) return null;
      if (Date.now() > until) throw new AppError(ErrorCode.InternalError, 'The first request with this Idempotency-Key did not finish.');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /**
   * 7.3's "X-Credits-Charged repeats the first charge": the price, unless the first answer was already a refund (a
   * failure or a cancel inside the synchronous wait). A job cancelled after its 202 was answered charged: its replay
   * says so, though the cancel handed the credits back since.
   */
  private async firstCharge(job: Job): Promise<number> {
    if (!job.refunded) return job.price;
    return job.status === 'cancelled' && (await this.jobs.answeredQueued(job.organizationId, job.id)) ? job.price : 0;
  }

  private async balance(organization: Organization): Promise<number> {
    return Number((await this.organizations.getById(organization.id))?.balance ?? organization.balance);
  }
}
