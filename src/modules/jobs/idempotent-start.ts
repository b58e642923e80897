import { Injectable, Logger } from '@nestjs/common';
import type { MeteredAnswer } from '../../common/http/metered-answer.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { IdempotencyKeyTaken } from '../billing/idempotency-record.js';
import type { IdempotencyRecord } from '../billing/idempotency-record.js';
import { IdempotencyService, usedWithOtherParameters } from './idempotency.service.js';
import { newJobId } from './job-id.js';
import { JobRepository } from './job.repository.js';
import type { MeteredRequest } from './metered-request.js';
import type { Operation } from './operation.js';
import { ReplayService } from './replay.service.js';

/**
 * Starts a metered route's job, creating it `jobId` (with `key` written beside its row, when the request has one:
 * IdempotencyKeyTaken when another job holds it); calls `jobCreated` once the job's row exists (an Idempotency-Key's
 * claim is then kept for a day; it never throws).
 */
export type StartJob = (jobId: string, jobCreated: () => Promise<void>, key?: IdempotencyRecord) => Promise<MeteredAnswer>;

/**
 * decisions.md 7.3 for every metered route, the pipeline's and POST /site's: without a key the job starts; with one,
 * the key is claimed first, so that of concurrent duplicates one starts a job and the others replay it (the first
 * job's current answer, `Idempotent-Replayed: true`), and other parameters under it are 422.
 *
 * A replay takes no burst token (decisions 1's per-second limit): 7.3 gives a repeat the first request's job, and
 * concurrent duplicates make one job; a replay taking the free plan's one token of the second would refuse the very
 * request it repeats (429), and then itself, leaving no job at all. A replay makes nothing: it reads one job row.
 */
@Injectable()
export class IdempotentStart {
  private readonly logger = new Logger(IdempotentStart.name);

  constructor(
    private readonly idempotency: IdempotencyService,
    private readonly replays: ReplayService,
    private readonly jobs: JobRepository,
  ) {}

  async run(operation: Operation, organization: Organization, request: MeteredRequest, start: StartJob): Promise<MeteredAnswer> {
    const key = request.idempotencyKey;
    if (key === undefined) return start(newJobId(organization.publicId), async () => undefined);
    for (;;) {
      const claim = await this.idempotency.claim(organization.id, key, request.fingerprint, newJobId(organization.publicId));
      if (claim.kind === 'replay') {
        const replayed = await this.replays.answer(operation, organization, key, claim.jobId);
        if (replayed) return replayed;
        continue;
      }
      // Replays find the job from its row on; a lost confirmation only shortens the key's life to its pending lease.
      const jobCreated = () => claim.confirm().catch((error: unknown) => this.logger.warn({ err: error, jobId: claim.jobId }, 'Idempotency-Key not kept for 24 hours'));
      try {
        return await start(claim.jobId, jobCreated, claim.record);
      } catch (error) {
        if (error instanceof IdempotencyKeyTaken) {
          // Redis had lost the key (restarted empty, or this request's pending claim lapsed): the database's holder
          // answers, as a replay, and Redis learns it again.
          await claim.adopt(error).catch((failure: unknown) => this.logger.warn({ err: failure, jobId: error.jobId }, 'Idempotency-Key not restored in Redis'));
          if (error.fingerprint !== request.fingerprint) throw usedWithOtherParameters();
          const replayed = await this.replays.answer(operation, organization, key, error.jobId);
          if (replayed) return replayed;
          continue;
        }
        // Refused before charging, or refunded: the key is free again for a retry. A standing charge keeps it, and so
        // does a job the database could not be asked about: a retry then replays it (or waits out the pending lease)
        // rather than charge the same request twice.
        const job = await this.jobs.getForOrganization(organization.id, claim.jobId).then((row) => row, () => undefined);
        if (job === null || job?.refunded) {
          await claim.release().catch((failure: unknown) => this.logger.warn({ err: failure, jobId: claim.jobId }, 'Idempotency-Key not released'));
        }
        throw error;
      }
    }
  }
}
