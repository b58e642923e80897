import type { Redis } from 'ioredis';
import type { CommandBatch } from './command-batch.js';

/**
 * Redis's own clock in ms, for every lease score: processes on other machines may disagree about the time, and a
 * lease scored by one process's clock could expire early, or late, in another's eyes.
 */
export const REDIS_NOW_MS = `local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)`;

/** A lease is a member of a sorted set scored by its expiry, so a holder that dies frees its place by itself. */
const ACQUIRE = `${REDIS_NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
if KEYS[2] then redis.call('HSET', KEYS[2], ARGV[3], now .. ' ' .. ARGV[4]) end
return 1`;

/** Live leases of the set: scored past Redis's now. */
const COUNT = `${REDIS_NOW_MS}
return redis.call('ZCOUNT', KEYS[1], now, '+inf')`;

/** A hash that records each holder (field) as `<taken at, Redis ms> <value>` when, and only when, its lease is taken. */
export interface LeaseIndex {
  readonly key: string;
  readonly value: string;
}

/**
 * Takes one of `limit` places in the set `key` for `holder`, for `leaseMs`; false when every place is held. With
 * `index`, the holder is indexed in the same script: one round trip, and never indexed without its lease.
 */
export async function takeLease(redis: Redis, key: string, holder: string, limit: number, leaseMs: number, index?: LeaseIndex): Promise<boolean> {
  const keys = index ? [key, index.key] : [key];
  return Number(await redis.eval(ACQUIRE, keys.length, ...keys, limit, leaseMs, holder, index?.value ?? '')) === 1;
}

/** How many leases of `key` are live now. */
export async function countLeases(redis: Redis, key: string): Promise<number> {
  return Number(await redis.eval(COUNT, 1, key));
}

/** Redis's clock in ms (the clock of every lease score). */
export async function redisNow(redis: Redis): Promise<number> {
  const [seconds, micros] = await redis.time();
  return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
}

/** Adds the drop of `holder`'s lease to a batch. */
export function dropLeaseIn(batch: CommandBatch, key: string, holder: string): CommandBatch {
  return batch.zrem(key, holder);
}

export async function dropLease(redis: Redis, key: string, holder: string): Promise<void> {
  await redis.zrem(key, holder);
}
