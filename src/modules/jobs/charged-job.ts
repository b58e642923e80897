import { Logger } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { Job, Organization } from '../../infra/database/entities/index.js';
import type { LedgerService } from '../billing/ledger.service.js';
import { insufficientCredits } from '../billing/insufficient-credits.js';
import type { JobLine } from './job-line.service.js';
import type { JobRepository } from './job.repository.js';

const logger = new Logger('ChargedJob');

/** Queues a charged job; if the queue refuses it, the job is marked failed and refunded before the caller hears so. */
export async function enqueueChargedJob(
  line: Pick<JobLine, 'add'>, jobs: Pick<JobRepository, 'markFailed'>, ledger: LedgerService, job: Job, priority: number, dailyLimited: boolean,
): Promise<void> {
  try {
    await line.add({ jobId: job.id, kind: job.kind, organizationId: job.organizationId }, priority);
  } catch (error) {
    logger.error({ err: error, jobId: job.id }, 'enqueue failed; refunding');
    await jobs.markFailed(job.organizationId, job.id, ErrorCode.QueueUnavailable, 'The job queue is unavailable.');
    await ledger.refund({ organizationId: job.organizationId, requestKey: job.id, jobId: job.id, host: job.host, dailyLimited });
    throw new AppError(ErrorCode.QueueUnavailable, 'The job queue is unavailable; nothing was charged. Retry later.');
  }
}

/** The credit check before any work for the target (the charge checks again, atomically). */
export function assertCovers(organization: Pick<Organization, 'balance'>, price: number): void {
  if (Number(organization.balance) < price) {
    throw insufficientCredits(price);
  }
}
