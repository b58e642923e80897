import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { JobOptions, Queue } from 'bull';
import { Repository } from 'typeorm';
import { Job } from '../../infra/database/entities/index.js';
import { WEBHOOKS_QUEUE, WebhookPayload } from '../../infra/queue/queue.constants.js';
import { randomId } from '../auth/secrets.js';

const ATTEMPTS = 5;
const FIRST_BACKOFF_MS = 1000;
const KEEP_SECONDS = 24 * 3600;
/** The statuses a job ends in: `cancelled` too (decisions 9.4), announced like a failure with its `error`. */
const ENDED = new Set<Job['status']>(['done', 'failed', 'cancelled']);

/** A delivery's Bull options: `attempts` left (5 for a new one), backing off from 1 s, kept a day. */
export function deliveryOptions(jobId: string, attempts = ATTEMPTS, delayMs = 0): JobOptions {
  return {
    jobId,
    attempts,
    delay: delayMs,
    backoff: { type: 'exponential', delay: FIRST_BACKOFF_MS },
    removeOnComplete: { age: KEEP_SECONDS },
    removeOnFail: { age: KEEP_SECONDS },
  };
}

/** When a job ends: queue its webhook delivery. Never throws, so a webhook can neither fail nor delay the job. */
@Injectable()
export class WebhookDispatcher {
  private readonly logger = new Logger(WebhookDispatcher.name);

  constructor(
    @InjectRepository(Job) private readonly jobs: Repository<Job>,
    @InjectQueue(WEBHOOKS_QUEUE) private readonly queue: Queue<WebhookPayload>,
  ) {}

  async jobEnded(organizationId: string, jobId: string): Promise<void> {
    try {
      const job = await this.jobs.findOneBy({ organizationId, id: jobId });
      if (!job?.webhookUrl || !ENDED.has(job.status)) return;
      const body = JSON.stringify({
        event: 'job.finished',
        job_id: job.id,
        kind: job.kind,
        status: job.status,
        error: job.status === 'done' ? null : (job.errorMessage ?? 'The job failed.'),
        finished_at: (job.finishedAt ?? new Date()).toISOString(),
      });
      const payload: WebhookPayload = { deliveryId: `dlv_${randomId(26)}`, organizationId, url: job.webhookUrl, body };
      // The Bull job id is the crawl job's: a second end signal for the same job adds nothing.
      await this.queue.add(payload, deliveryOptions(`webhook:${job.id}`));
    } catch (error) {
      this.logger.error({ err: error, jobId }, 'webhook not queued');
    }
  }
}
