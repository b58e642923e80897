import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Job, JobKind } from '../../infra/database/entities/index.js';
import { KindRegistry } from './kind-registry.js';

/**
 * How a kind's module stops one of its RUNNING jobs on DELETE /crawl/{job} (decisions 9.4). A site crawl registers one:
 * no new page starts, running pages finish and are kept, then the crawl ends `cancelled`. A kind without one answers
 * 409 for a running job; a queued job of any kind is cancelled by the jobs module itself.
 */
export interface RunningJobCanceller {
  readonly kind: JobKind;
  /** Starts the stop; the job may still be running when it resolves (its pages finishing). */
  cancelRunning(job: Job): Promise<void>;
}

/** Marks a provider as a RunningJobCanceller: listing it in its module's providers is its whole registration. */
export const CancelsRunningJobs = DiscoveryService.createDecorator();

/** Finds the running-job cancellers at start-up, one a kind at most. */
@Injectable()
export class RunningCancelRegistry extends KindRegistry<RunningJobCanceller> {
  constructor(discovery: DiscoveryService) {
    super(discovery, CancelsRunningJobs, 'cancellers');
  }

  /** Undefined: a running job of this kind cannot be cancelled. */
  get(kind: JobKind): RunningJobCanceller | undefined {
    return this.byKind.get(kind);
  }
}
