import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Redis } from 'ioredis';
import { WEBHOOKS_QUEUE, WebhookPayload } from '../../infra/queue/queue.constants.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import { WebhookOutbox } from './webhook-outbox.js';

/** Deliveries an organization may have waiting; past it the oldest are dropped (issue 36.2: Redis stays bounded). */
export const PENDING_PER_ORGANIZATION = 200;
// Longer than any delivery can wait: an index whose organization stops sending webhooks goes away by itself.
const INDEX_TTL_SECONDS = 2 * 24 * 3600;
const pendingKey = (organizationId: string) => `crawlgate:webhook-pending:${organizationId}`;

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
  ) {}

  /** Counts a queued delivery in; drops (and logs) the oldest waiting ones past `cap`. */
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

  private async drop(organizationId: string, jobId: string): Promise<void> {
    const job = await this.queue.getJob(jobId);
    // A delivery being sent right now holds its lock and cannot be removed: it ends by itself.
    const removed = job ? await job.remove().then(() => true, () => false) : false;
    // Dropped, not lost: the sweep must not queue it again (webhook-outbox.ts).
    await this.outbox.settle(jobId).catch((error: unknown) => this.logger.warn({ err: error, jobId }, 'dropped webhook not settled'));
    this.logger.warn({ organizationId, deliveryId: job?.data.deliveryId, jobId, removed }, 'webhook dropped: the organization has too many deliveries waiting');
  }
}
