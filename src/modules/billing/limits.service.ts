import { Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { dropLease, takeLease } from '../../infra/redis/lease-set.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';


export const LEASE_MS = 60_000;

/** Concurrency slots and burst tokens, in Redis so every API replica counts the same. */
@Injectable()
export class LimitsService {
  private readonly bursts = new Map<number, RateLimiterRedis>();

  constructor(@InjectRedis() private readonly redis: Redis) {}

  private slotKey(organizationId: string): string {
    return `crawlgate:slots:${organizationId}`;
  }

  async acquireSlot(organizationId: string, holder: string, limit: number, leaseMs = LEASE_MS): Promise<void> {
    // A slot is a lease, so a dead holder frees it.
    if (!(await takeLease(this.redis, this.slotKey(organizationId), holder, limit, leaseMs))) {
      throw new AppError(ErrorCode.ConcurrencyExceeded, `The plan allows ${limit} concurrent requests; back off and retry.`, { retryAfterSeconds: 1 });
    }
  }

  /** Extends a running job's lease; called while the job runs. */
  async renewSlot(organizationId: string, holder: string, leaseMs = LEASE_MS): Promise<void> {
    await this.redis.zadd(this.slotKey(organizationId), 'XX', Date.now() + leaseMs, holder);
  }

  async releaseSlot(organizationId: string, holder: string): Promise<void> {
    await dropLease(this.redis, this.slotKey(organizationId), holder);
  }

  async slotsInUse(organizationId: string): Promise<number> {
    return this.redis.zcount(this.slotKey(organizationId), Date.now(), '+inf');
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
