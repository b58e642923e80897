import type { JobKind } from '../database/entities/index.js';

export const JOBS_QUEUE = 'jobs';

/** Bull payloads stay small: everything else is in the job row. */
export interface JobPayload {
  readonly jobId: string;
  readonly kind: JobKind;
  readonly organizationId: string;
  /** A site crawl's page (decisions.md 9.3): its frontier row's id; the payload's jobId is the crawl's. */
  readonly pageId?: string;
}

export const WEBHOOKS_QUEUE = 'webhooks';

/** One delivery: the body is fixed when the job ends, so every retry sends the same bytes under the same id. */
export interface WebhookPayload {
  readonly deliveryId: string;
  readonly organizationId: string;
  readonly url: string;
  readonly body: string;
  /** Failed sends so far (deferrals are not failures). */
  readonly failures?: number;
  /** Sent only once no delivery of the organization whose id starts with this is still pending (delivered or given up). */
  readonly after?: string;
}
