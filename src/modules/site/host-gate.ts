import { Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { InjectRedis } from '../../infra/redis/redis.module.js';

/** What `enter` answers while the host has `limit` requests of all crawls running. */
export const HOST_FULL = -1;
/** What `enter` answers while, with a floor, one of this crawl's own requests to the host runs. */
export const CRAWL_BUSY = -2;
/** A host's key outlives its leases by this much (a key, not a lease: the leases' own scores say who holds the host). */
const HOST_KEY_SPARE_MS = 60_000;

/**
 * Enters a host for a crawl's request: waits (answers the ms) while the crawl's floor or pause for the host runs,
 * CRAWL_BUSY while (with a floor) one of this crawl's requests runs there, HOST_FULL while the host has `limit`
 * requests of all crawls running, else takes a lease (expiring, so a dead worker's frees itself). 0: entered. With a
 * floor the crawl's requests to the host go one at a time, each `floor` after the previous one's end.
 */
const ENTER = `
local now = tonumber(ARGV[1])
local nxt = tonumber(redis.call('GET', KEYS[2]) or '0')
if nxt > now then return nxt - now end
if tonumber(ARGV[5]) > 0 and redis.call('EXISTS', KEYS[3]) == 1 then return ${CRAWL_BUSY} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[4]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return ${HOST_FULL} end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) - now + ${HOST_KEY_SPARE_MS})
local floor = tonumber(ARGV[5])
if floor > 0 then redis.call('SET', KEYS[3], ARGV[4], 'PX', tonumber(ARGV[2]) - now) end
return 0`;

/** Pushes the crawl's next request to the host to at least `until` (never earlier than a pause already set). */
const HOLD = `
local nxt = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > nxt then redis.call('SET', KEYS[1], ARGV[1], 'PX', tonumber(ARGV[1]) - tonumber(ARGV[2]) + 1000) end
return 1`;

/**
 * A holder's lease on the host, extended while it still holds it; the host's key lives as long as its longest lease
 * (else a full host's key, set by ENTER alone, would lapse under requests that outlive it, and more would enter).
 */
const RENEW_HOST = `
if not redis.call('ZSCORE', KEYS[1], ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1`;

/** The crawl's one request at a host with a floor: let go (or renewed) only by its holder. */
const RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end return 1";
const RENEW = "if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 1";

/** How often a turn's wait looks whether its crawl stopped. */
const STOP_CHECK_MS = 250;

/** decisions.md 9.3 "Load": per-host concurrency of all site crawls, and per (crawl, host) floors and pauses, in Redis. */
@Injectable()
export class HostGate {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async enter(crawlId: string, host: string, holder: string, limit: number, floorMs: number, leaseMs: number): Promise<number> {
    const now = Date.now();
    return Number(await this.redis.eval(ENTER, 3, hostKey(host), nextKey(crawlId, host), busyKey(crawlId, host), now, now + leaseMs, limit, holder, floorMs));
  }

  /** Leaves the host; the floor then runs from now too, so two requests of a crawl to a host are `floorMs` apart end to start. */
  async leave(crawlId: string, host: string, holder: string, floorMs: number): Promise<void> {
    const now = Date.now();
    const batch = this.redis.multi().zrem(hostKey(host), holder).eval(RELEASE, 1, busyKey(crawlId, host), holder);
    if (floorMs > 0) batch.eval(HOLD, 1, nextKey(crawlId, host), now + floorMs, now);
    await batch.exec();
  }

  /** Extends the holder's lease on the host (only while it still holds it). */
  async renew(crawlId: string, host: string, holder: string, leaseMs: number): Promise<void> {
    await this.redis.multi()
      .eval(RENEW_HOST, 1, hostKey(host), Date.now() + leaseMs, holder, leaseMs + HOST_KEY_SPARE_MS)
      .eval(RENEW, 1, busyKey(crawlId, host), holder, leaseMs)
      .exec();
  }

  /**
   * Waits until the crawl's next request to the host may start (its floor since the previous one's end, a target's
   * pause), or until `deadline`, whichever comes first. For a request made outside `enter` by the one holding the host.
   * With `stopped`, asked at least every STOP_CHECK_MS of the wait: false as soon as it answers true (a cancel must not
   * wait out a 60 s floor, decisions.md 9.4), true when the turn came.
   */
  async waitTurn(crawlId: string, host: string, deadline: number, stopped?: () => Promise<boolean>): Promise<boolean> {
    for (;;) {
      const now = Date.now();
      const next = Math.min(Number((await this.redis.get(nextKey(crawlId, host))) ?? 0), deadline);
      if (next <= now) return true;
      if (stopped && (await stopped())) return false;
      await new Promise((done) => setTimeout(done, Math.min(next - now, stopped ? STOP_CHECK_MS : Infinity)));
    }
  }

  /** A target's Retry-After: no request of this crawl to the host before `ms` from now. */
  async pause(crawlId: string, host: string, ms: number): Promise<void> {
    const now = Date.now();
    await this.redis.eval(HOLD, 1, nextKey(crawlId, host), now + ms, now);
  }
}

const hostKey = (host: string) => `crawlgate:site:host:${host}`;
const nextKey = (crawlId: string, host: string) => `crawlgate:site:next:${crawlId}:${host}`;
const busyKey = (crawlId: string, host: string) => `crawlgate:site:busy:${crawlId}:${host}`;
