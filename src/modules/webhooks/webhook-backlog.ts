import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import type { Redis } from 'ioredis';
import { MetricsService } from '../../infra/metrics/metrics.service.js';
import { WEBHOOKS_QUEUE, WebhookPayload } from '../../infra/queue/queue.constants.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import { DELIVERY_PREFIX, isPageEvent, WebhookOutbox } from './webhook-outbox.js';

/**
 * `site.page` events an organization may have waiting in Bull; past it the oldest are dropped (issue 36.2: Redis stays
 * bounded, and so do the turns its waiting deliveries take).
 */
export const PENDING_PER_ORGANIZATION = 200;
/**
 * `job.finished` deliveries an organization may have in Bull. A new one past it is never dropped: it waits in the
 * database (its outbox row), and the owed-webhooks sweep queues the oldest of them as room comes (hasFinishedRoom).
 */
export const FINISHED_PER_ORGANIZATION = 1000;
/** Members of a full `job.finished` index checked, oldest first, for deliveries that ended without leaving it. */
const PRUNE_BATCH = 50;
// Longer than any delivery can wait: an index whose organization stops sending webhooks goes away by itself.
const INDEX_TTL_SECONDS = 2 * 24 * 3600;
// Longer than any attempt in flight: the mark is read when that attempt fails.
const DROPPED_MARK_SECONDS = 3600;
const pendingKey = (organizationId: string) => `crawlgate:webhook-pending:${organizationId}`;
const finishedKey = (organizationId: string) => `crawlgate:webhook-finished:${organizationId}`;
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

/** Adds a member while the index holds fewer than the cap (1), or answers 0: one round trip. A member already in is in. */
const ADMIT_FINISHED = `
if redis.call('ZSCORE', KEYS[1], ARGV[2]) then return 1 end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1`;

/** Each organization's deliveries in Bull, by Bull job id, oldest first: its page events, and apart its job.finished. */
@Injectable()
export class WebhookBacklog {
  private readonly logger = new Logger(WebhookBacklog.name);

  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectQueue(WEBHOOKS_QUEUE) private readonly queue: Queue<WebhookPayload>,
    private readonly outbox: WebhookOutbox,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Counts a queued delivery in. A page event past `cap`: the oldest waiting ones are dropped. A job.finished past
   * `finishedCap`: this one is parked (it waits in the database for the sweep; none is pushed out, none dropped).
   */
  async admit(organizationId: string, jobId: string, cap = PENDING_PER_ORGANIZATION, finishedCap = FINISHED_PER_ORGANIZATION): Promise<void> {
    if (!isPageEvent(jobId)) return this.admitFinished(organizationId, jobId, finishedCap);
    const dropped = (await this.redis.eval(ADMIT, 1, pendingKey(organizationId), Date.now(), jobId, cap, INDEX_TTL_SECONDS)) as string[];
    for (const id of dropped) await this.drop(organizationId, id);
  }

  /** Whether a job.finished of the organization may go into Bull now (the sweep asks before queueing a parked one). */
  async hasFinishedRoom(organizationId: string, finishedCap = FINISHED_PER_ORGANIZATION): Promise<boolean> {
    if ((await this.redis.zcard(finishedKey(organizationId))) < finishedCap) return true;
    return (await this.pruneFinished(organizationId)) > 0;
  }

  /** The delivery is delivered or given up: it no longer waits. */
  async settle(organizationId: string, jobId: string): Promise<void> {
    await this.redis.zrem(isPageEvent(jobId) ? pendingKey(organizationId) : finishedKey(organizationId), jobId);
  }

  /**
   * A job.finished out of Bull, owed in the database (its outbox row, written again here in case its first write
   * failed): the owed-webhooks sweep queues it again when the organization has room, under the same
   * X-Crawlgate-Delivery. One delivered, or being sent (it holds its lock), stays as it is; one failed for want of a
   * turn (webhook-sender.service.ts) is parked too.
   */
  async park(organizationId: string, job: Job<WebhookPayload>): Promise<void> {
    if (await job.isCompleted()) return;
    const owed = { organizationId, jobId: String(job.id).slice(DELIVERY_PREFIX.length) };
    await this.outbox.owe(owed);
    if (!(await job.remove().then(() => true, () => false))) return;
    // Owed again once out of Bull: a sweep that saw it ended in Bull in between settled its row.
    await this.outbox.owe(owed);
    await this.settle(organizationId, String(job.id));
    this.logger.log({ organizationId, deliveryId: job.data.deliveryId, jobId: job.id }, 'webhook parked until the owed-webhooks sweep: the organization has too many deliveries waiting');
  }

  private async admitFinished(organizationId: string, jobId: string, finishedCap: number): Promise<void> {
    const admitted = async () => (await this.redis.eval(ADMIT_FINISHED, 1, finishedKey(organizationId), Date.now(), jobId, finishedCap, INDEX_TTL_SECONDS)) === 1;
    if ((await admitted()) || ((await this.pruneFinished(organizationId)) > 0 && (await admitted()))) return;
    const job = await this.queue.getJob(jobId);
    if (job) await this.park(organizationId, job);
  }

  /** Members of the job.finished index whose delivery ended, or left Bull, without settling: out. Answers how many. */
  private async pruneFinished(organizationId: string): Promise<number> {
    let pruned = 0;
    for (const id of await this.redis.zrange(finishedKey(organizationId), 0, PRUNE_BATCH - 1)) {
      const job = await this.queue.getJob(id);
      if (job && !job.finishedOn) continue;
      await this.redis.zrem(finishedKey(organizationId), id);
      pruned += 1;
    }
    return pruned;
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
    // A job.finished indexed here by an earlier release: out of the index, still queued.
    if (!isPageEvent(jobId)) return;
    const job = await this.queue.getJob(jobId);
    // Not in Bull (lost with Redis, or ended): the outbox's sweep decides, as for any delivery Bull lost.
    if (!job) return;
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
}
