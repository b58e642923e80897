import type { Redis } from 'ioredis';
import type { CommandBatch } from './command-batch.js';

/** A lease is a member of a sorted set scored by its expiry, so a holder that dies frees its place by itself. */
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
if KEYS[2] then redis.call('HSET', KEYS[2], ARGV[4], ARGV[6]) end
return 1`;

/** A hash that records each holder (field) with `value` when, and only when, its lease is taken. */
export interface LeaseIndex {
  readonly key: string;
  readonly value: string;
}

/**
 * Takes one of `limit` places in the set `key` for `holder`, for `leaseMs`; false when every place is held. With
 * `index`, the holder is indexed in the same script: one round trip, and never indexed without its lease.
 */
export async function takeLease(redis: Redis, key: string, holder: string, limit: number, leaseMs: number, index?: LeaseIndex): Promise<boolean> {
  const now = Date.now();
  const keys = index ? [key, index.key] : [key];
  return Number(await redis.eval(ACQUIRE, keys.length, ...keys, now, now + leaseMs, limit, holder, leaseMs * 2, index?.value ?? '')) === 1;
}

/** Adds the drop of `holder`'s lease to a batch. */
export function dropLeaseIn(batch: CommandBatch, key: string, holder: string): CommandBatch {
  return batch.zrem(key, holder);
}

export async function dropLease(redis: Redis, key: string, holder: string): Promise<void> {
  await redis.zrem(key, holder);
}
