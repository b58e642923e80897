import type { JobKind } from '../database/entities/index.js';

export const JOBS_QUEUE = 'jobs';

/** Bull payloads stay small: everything else is in the job row. */
export interface JobPayload {
  readonly jobId: string;
  readonly kind: JobKind;
  readonly organizationId: string;
}
