import { Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { InjectRedis } from '../../infra/redis/redis.module.js';

/**
 * Enters a host for a crawl's request: waits (answers the ms) while the crawl's floor or pause for the host runs, -1
 * while the host has `limit` requests of all crawls running, else takes a lease (expiring, so a dead worker's frees
 * itself) and starts the floor. 0: entered.
 */
const ENTER = `
local now = tonumber(ARGV[1])
local nxt = tonumber(redis.call('GET', KEYS[2]) or '0')
if nxt > now then return nxt - now end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[4]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return -1 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) - now + 60000)
local floor = tonumber(ARGV[5])
if floor > 0 then redis.call('SET', KEYS[2], now + floor, 'PX', floor + 1000) end
return 0`;

/** Pushes the crawl's next request to the host to at least `until` (never earlier than a pause already set). */
const HOLD = `
local nxt = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > nxt then redis.call('SET', KEYS[1], ARGV[1], 'PX', tonumber(ARGV[1]) - tonumber(ARGV[2]) + 1000) end
return 1`;

/** decisions.md 9.3 "Load": per-host concurrency of all site crawls, and per (crawl, host) floors and pauses, in Redis. */
@Injectable()
export class HostGate {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async enter(crawlId: string, host: string, holder: string, limit: number, floorMs: number, leaseMs: number): Promise<number> {
    const now = Date.now();
    return Number(await this.redis.eval(ENTER, 2, hostKey(host), nextKey(crawlId, host), now, now + leaseMs, limit, holder, floorMs));
  }

  /** Leaves the host; the floor then runs from now too, so two requests of a crawl to a host are `floorMs` apart end to start. */
  async leave(crawlId: string, host: string, holder: string, floorMs: number): Promise<void> {
    const now = Date.now();
    const batch = this.redis.multi().zrem(hostKey(host), holder);
    if (floorMs > 0) batch.eval(HOLD, 1, nextKey(crawlId, host), now + floorMs, now);
    await batch.exec();
  }

  /** A target's Retry-After: no request of this crawl to the host before `ms` from now. */
  async pause(crawlId: string, host: string, ms: number): Promise<void> {
    const now = Date.now();
    await this.redis.eval(HOLD, 1, nextKey(crawlId, host), now + ms, now);
  }
}

const hostKey = (host: string) => `crawlgate:site:host:${host}`;
const nextKey = (crawlId: string, host: string) => `crawlgate:site:next:${crawlId}:${host}`;
