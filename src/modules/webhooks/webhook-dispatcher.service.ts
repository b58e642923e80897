import { createHash } from 'node:crypto';
import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { JobOptions, Queue } from 'bull';
import { Repository } from 'typeorm';
import { isEndedStatus, Job } from '../../infra/database/entities/index.js';
import { WEBHOOKS_QUEUE, WebhookPayload } from '../../infra/queue/queue.constants.js';
import { DELIVERY_TURNS, WEBHOOK_BACKOFF } from '../../infra/queue/webhook-retry.js';
import { WebhookBacklog } from './webhook-backlog.js';
import { deliveryId, WebhookOutbox } from './webhook-outbox.js';

/**
 * An ended delivery stays in Bull this long, at most this many: while it is there, its id cannot be queued again, so a
 * delivery whose outbox row outlived its end (a settle lost to a crash) is settled by the owed-webhooks sweep (every
 * 10 s) instead of sent twice. A day of them was kept: 86,000 entries, 130 MB of Redis at one webhook a second.
 */
const KEEP_ENDED = { age: 3600, count: 20_000 };

/**
 * A delivery's Bull options: retried and deferred in place by the webhook backoff (DELIVERY_ATTEMPTS failed sends),
 * one stack trace kept however many turns it takes, kept a while once ended (KEEP_ENDED).
 */
export function deliveryOptions(jobId: string): JobOptions {
  return {
    jobId,
    attempts: DELIVERY_TURNS,
    backoff: { type: WEBHOOK_BACKOFF },
    stackTraceLimit: 1,
    removeOnComplete: KEEP_ENDED,
    removeOnFail: KEEP_ENDED,
  };
}

/** The delivery's X-Crawlgate-Delivery: `dlv_` and 26 characters, the same for the same delivery however often it is queued. */
function deliveryHeader(id: string): string {
  return `dlv_${createHash('sha256').update(id).digest('hex').slice(0, 26)}`;
}

/** When a delivery goes: not before `delayMs` from now, and not before the deliveries whose ids start with `after` ended. */
export interface DeliveryOrder {
  readonly delayMs?: number;
  readonly after?: string;
}

/** When a job ends: queue its webhook delivery. Never throws, so a webhook can neither fail nor delay the job. */
@Injectable()
export class WebhookDispatcher {
  private readonly logger = new Logger(WebhookDispatcher.name);

  constructor(
    @InjectRepository(Job) private readonly jobs: Repository<Job>,
    @InjectQueue(WEBHOOKS_QUEUE) private readonly queue: Queue<WebhookPayload>,
    private readonly backlog: WebhookBacklog,
    private readonly outbox: WebhookOutbox,
  ) {}

  /**
   * A job with a webhook_url started: its job.finished is owed from now (webhook-outbox.ts), so that a worker dying
   * between the job's end and the delivery's queueing loses nothing. Never throws: the sweep is a safety net.
   */
  async owe(organizationId: string, jobId: string): Promise<void> {
    await this.outbox.owe({ organizationId, jobId }).catch((error: unknown) => this.logger.warn({ err: error, jobId }, 'webhook not written as owed'));
  }

  async jobEnded(organizationId: string, jobId: string): Promise<void> {
    try {
      const job = await this.jobs.findOneBy({ organizationId, id: jobId });
      if (!job?.webhookUrl || !isEndedStatus(job.status)) return;
      const body = {
        event: 'job.finished',
        job_id: job.id,
        kind: job.kind,
        status: job.status,
        error: job.status === 'done' ? null : (job.errorMessage ?? 'The job failed.'),
        finished_at: (job.finishedAt ?? new Date()).toISOString(),
      };
      // The Bull job id is the crawl job's: a second end signal for the same job adds nothing.
      await this.deliver(organizationId, job.webhookUrl, deliveryId({ jobId: job.id }), body);
    } catch (error) {
      this.logger.error({ err: error, jobId }, 'webhook not queued');
    }
  }

  /**
   * Queues one delivery of `body` to `url`, `delayMs` from now, within the organization's backlog cap; `id` names it
   * (the same id again adds nothing); with `after`, it is sent once the deliveries whose ids start with it have ended.
   * Never throws.
   */
  async deliver(organizationId: string, url: string, id: string, body: object, order: DeliveryOrder = {}): Promise<void> {
    const { delayMs = 0, after } = order;
    try {
      // Made from the Bull id: a delivery queued again (webhook-outbox.ts) is announced under the same X-Crawlgate-Delivery.
      const payload: WebhookPayload = { deliveryId: deliveryHeader(id), organizationId, url, body: JSON.stringify(body), ...(after ? { after } : {}) };
      const queued = await this.queue.add(payload, { ...deliveryOptions(id), ...(delayMs > 0 ? { delay: delayMs } : {}) });
      await this.backlog.admit(organizationId, String(queued.id));
    } catch (error) {
      this.logger.error({ err: error, id }, 'webhook not queued');
    }
  }
}
