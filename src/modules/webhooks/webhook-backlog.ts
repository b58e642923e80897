import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import type { Redis } from 'ioredis';
import { MetricsService } from '../../infra/metrics/metrics.service.js';
import { WEBHOOKS_QUEUE, WebhookPayload } from '../../infra/queue/queue.constants.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import { isPageEvent, WebhookOutbox } from './webhook-outbox.js';

/**
 * Deliveries an organization may have waiting in Bull; past it the oldest go (issue 36.2: Redis stays bounded, and so
 * do the turns its waiting deliveries take). A `site.page` event is dropped; a `job.finished` is never dropped: one not
 * yet attempted is parked, out of Bull but still owed in the database, and the owed-webhooks sweep queues it again.
 */
export const PENDING_PER_ORGANIZATION = 200;
// Longer than any delivery can wait: an index whose organization stops sending webhooks goes away by itself.
const INDEX_TTL_SECONDS = 2 * 24 * 3600;
// Longer than any attempt in flight: the mark is read when that attempt fails.
const DROPPED_MARK_SECONDS = 3600;
const pendingKey = (organizationId: string) => `crawlgate:webhook-pending:${organizationId}`;
const droppedKey = (jobId: string) => `crawlgate:webhook-dropped:${jobId}`;

/** Adds a member scored by time, keeps the key alive, and pops the oldest past the cap: one round trip. */
const ADMIT = `
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[4])
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[3])
if over <= 0 then return {} end
local popped = redis.call('ZPOPMIN', KEYS[1], over)
local ids = {}
for i = 1, #popped, 2 do ids[#ids + 1] = popped[i] end
return ids`;

/** Each organization's waiting deliveries, by Bull job id, oldest first. */
@Injectable()
export class WebhookBacklog {
  private readonly logger = new Logger(WebhookBacklog.name);

  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectQueue(WEBHOOKS_QUEUE) private readonly queue: Queue<WebhookPayload>,
    private readonly outbox: WebhookOutbox,
    private readonly metrics: MetricsService,
  ) {}

  /** Counts a queued delivery in; past `cap`, the oldest waiting ones go: a page event dropped, a job.finished parked. */
  async admit(organizationId: string, jobId: string, cap = PENDING_PER_ORGANIZATION): Promise<void> {
    const dropped = (await this.redis.eval(ADMIT, 1, pendingKey(organizationId), Date.now(), jobId, cap, INDEX_TTL_SECONDS)) as string[];
    for (const id of dropped) await this.drop(organizationId, id);
  }

  /** The delivery is delivered or given up: it no longer waits. */
  async settle(organizationId: string, jobId: string): Promise<void> {
    await this.redis.zrem(pendingKey(organizationId), jobId);
  }

  /**
   * Whether a delivery whose id starts with `prefix` still waits or is being sent. One whose job ended without settling
   * (or is gone) is settled here: a delivery waiting on it never waits on a job that will not run again.
   */
  async pendingWith(organizationId: string, prefix: string): Promise<boolean> {
    const waiting = (await this.redis.zrange(pendingKey(organizationId), 0, -1)).filter((id) => id.startsWith(prefix));
    for (const id of waiting) {
      const job = await this.queue.getJob(id);
      if (job && !job.finishedOn) return true;
      await this.settle(organizationId, id);
    }
    return false;
  }

  /** Whether this delivery was dropped while an attempt of it was in flight; true once, then it counts as dropped. */
  async droppedInFlight(jobId: string): Promise<boolean> {
    if ((await this.redis.del(droppedKey(jobId))) !== 1) return false;
    this.metrics.webhookDropped('site.page');
    return true;
  }

  private async drop(organizationId: string, jobId: string): Promise<void> {
    const job = await this.queue.getJob(jobId);
    // Not in Bull (lost with Redis, or ended): the outbox's sweep decides, as for any delivery Bull lost.
    if (!job) return;
    if (!isPageEvent(jobId)) return this.park(organizationId, job);
    const removed = await job.remove().then(() => true, () => false);
    if (!removed) {
      // Being sent right now, it holds its lock: its attempt in flight is its last (webhook-sender.service.ts), and ends it.
      await this.redis.set(droppedKey(jobId), '1', 'EX', DROPPED_MARK_SECONDS);
      this.logger.warn({ organizationId, deliveryId: job?.data.deliveryId, jobId }, 'webhook dropped after its attempt in flight: the organization has too many deliveries waiting');
      return;
    }
    // Dropped, not lost: the sweep must not queue it again (webhook-outbox.ts).
    await this.outbox.settle(jobId).catch((error: unknown) => this.logger.warn({ err: error, jobId }, 'dropped webhook not settled'));
    this.metrics.webhookDropped('site.page');
    this.logger.warn({ organizationId, deliveryId: job.data.deliveryId, jobId }, 'webhook dropped: the organization has too many deliveries waiting');
  }

  /**
   * A `job.finished` out of Bull, still owed (its outbox row stays): the owed-webhooks sweep queues it again, counted
   * in anew, under the same X-Crawlgate-Delivery. Only one never attempted: one in its retries keeps its count of
   * attempts and ends by itself, and one being sent holds its lock.
   */
  private async park(organizationId: string, job: Job<WebhookPayload>): Promise<void> {
    if ((job.data.failures ?? 0) > 0) return;
    if (!(await job.remove().then(() => true, () => false))) return;
    this.logger.log({ organizationId, deliveryId: job.data.deliveryId, jobId: job.id }, 'webhook parked until the owed-webhooks sweep: the organization has too many deliveries waiting');
  }
}
