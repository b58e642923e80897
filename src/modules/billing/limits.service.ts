import { Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { CommandBatch, sendBatch } from '../../infra/redis/command-batch.js';
import { countLeases, dropLeaseIn, REDIS_NOW_MS, takeLease } from '../../infra/redis/lease-set.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';

/**
 * A slot is a lease (infra/redis/lease-set), so a dead holder frees it. Every holder is also indexed (job id ->
 * time taken, on Redis's clock, and organization) so that the slot keeper can renew it while its job lives.
 */
const HOLDERS_KEY = 'crawlgate:slot-holders';

/** Renews (or restores, if it lapsed) the lease of a holder still indexed: one released meanwhile stays released. */
const KEEP = `${REDIS_NOW_MS}
if redis.call('HEXISTS', KEYS[2], ARGV[2]) == 0 then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]) * 2)
return 1`;

/**
 * Takes the slot again for a holder its job's row says is queued or running but that no index lists (Redis restarted
 * empty or was flushed): past the plan's limit if need be, since the job holds it already.
 */
const RESTORE = `${REDIS_NOW_MS}
if redis.call('HEXISTS', KEYS[2], ARGV[2]) == 1 then return 0 end
redis.call('HSET', KEYS[2], ARGV[2], now .. ' ' .. ARGV[3])
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]) * 2)
return now`;

/** Releases a holder's slot only while its index says it was taken at ARGV[2] (`<since> <organization>`): not one taken again since. */
const RELEASE_TAKEN_AT = `
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[1], ARGV[1])
return 1`;

/** A slot held for a job: who holds it, for which organization, since when (ms, Redis's clock). */
export interface SlotHolder {
  readonly holder: string;
  readonly organizationId: string;
  readonly since: number;
}

/**
 * Concurrency slots and burst tokens, in Redis so every API replica counts the same. The one owner of the slot set:
 * admission takes a slot here, a job's end (or a refusal before its job existed) releases it here, and the slot
 * keeper only renews live holders' leases and releases the ones whose release was lost.
 */
@Injectable()
export class LimitsService {
  private readonly bursts = new Map<number, RateLimiterRedis>();

  constructor(@InjectRedis() private readonly redis: Redis) {}

  private slotKey(organizationId: string): string {
    return `crawlgate:slots:${organizationId}`;
  }

  async acquireSlot(organizationId: string, holder: string, limit: number, leaseMs: number): Promise<void> {
    // Indexed in the lease's own script: one round trip at admission, and a refused holder is never indexed.
    const index = { key: HOLDERS_KEY, value: organizationId };
    if (!(await takeLease(this.redis, this.slotKey(organizationId), holder, limit, leaseMs, index))) {
      throw new AppError(ErrorCode.ConcurrencyExceeded, `The plan allows ${limit} concurrent requests; back off and retry.`, { retryAfterSeconds: 1 });
    }
  }

  /** Extends the leases of these holders by `leaseMs` from Redis's now, restoring lapsed ones; released holders are skipped. */
  async keepSlots(holders: readonly SlotHolder[], leaseMs: number): Promise<void> {
    if (holders.length === 0) return;
    const batch = this.redis.pipeline();
    for (const { holder, organizationId } of holders) batch.eval(KEEP, 2, this.slotKey(organizationId), HOLDERS_KEY, leaseMs, holder);
    await sendBatch(batch);
  }

  /** Takes the slots of these jobs' holders that no index lists (their jobs hold them: see RESTORE); answers those taken, as taken. */
  async restoreSlots(holders: readonly Omit<SlotHolder, 'since'>[], leaseMs: number): Promise<SlotHolder[]> {
    if (holders.length === 0) return [];
    const batch = this.redis.pipeline();
    for (const { holder, organizationId } of holders) batch.eval(RESTORE, 2, this.slotKey(organizationId), HOLDERS_KEY, leaseMs, holder, organizationId);
    const answers = (await batch.exec()) ?? [];
    for (const [error] of answers) if (error) throw error;
    return holders.flatMap((holder, index) => (Number(answers[index][1]) > 0 ? [{ ...holder, since: Number(answers[index][1]) }] : []));
  }

  /** Every indexed holder, for the slot keeper. */
  async slotHolders(): Promise<SlotHolder[]> {
    const entries = await this.redis.hgetall(HOLDERS_KEY);
    return Object.entries(entries).map(([holder, value]) => {
      const space = value.indexOf(' ');
      return { holder, organizationId: value.slice(space + 1), since: Number(value.slice(0, space)) };
    });
  }

  async releaseSlot(organizationId: string, holder: string): Promise<void> {
    await sendBatch(this.releaseSlotIn(this.redis.multi(), organizationId, holder));
  }

  /**
   * Releases the slot as `slotHolders` saw it, unless its holder took it again since (a sweep that judged it from an
   * older reading must not free a slot in use). True when released.
   */
  async releaseSlotAsSeen(slot: SlotHolder): Promise<boolean> {
    return Number(await this.redis.eval(RELEASE_TAKEN_AT, 2, this.slotKey(slot.organizationId), HOLDERS_KEY, slot.holder, `${slot.since} ${slot.organizationId}`)) === 1;
  }

  /** Adds the release of a slot to a batch (the end of a job is one round trip). */
  releaseSlotIn(batch: CommandBatch, organizationId: string, holder: string): CommandBatch {
    // Out of the index first: a keeper renewing meanwhile then leaves the released lease alone.
    return dropLeaseIn(batch.hdel(HOLDERS_KEY, holder), this.slotKey(organizationId), holder);
  }

  async slotsInUse(organizationId: string): Promise<number> {
    return countLeases(this.redis, this.slotKey(organizationId));
  }

  async takeBurstToken(organizationId: string, perSecond: number): Promise<void> {
    try {
      await this.burstLimiter(perSecond).consume(organizationId, 1);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new AppError(ErrorCode.BurstExceeded, `The plan allows ${perSecond} requests per second; back off and retry.`, {
        retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
      });
    }
  }

  private burstLimiter(points: number): RateLimiterRedis {
    let limiter = this.bursts.get(points);
    if (!limiter) {
      limiter = new RateLimiterRedis({ storeClient: this.redis, keyPrefix: `crawlgate:burst:${points}`, points, duration: 1 });
      this.bursts.set(points, limiter);
    }
    return limiter;
  }
}
