import type { Redis } from 'ioredis';
import type { CommandBatch } from './command-batch.js';

/** A lease is a member of a sorted set scored by its expiry, so a holder that dies frees its place by itself. */
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/** Takes one of `limit` places in the set `key` for `holder`, for `leaseMs`; false when every place is held. */
export async function takeLease(redis: Redis, key: string, holder: string, limit: number, leaseMs: number): Promise<boolean> {
  const now = Date.now();
  return Number(await redis.eval(ACQUIRE, 1, key, now, now + leaseMs, limit, holder, leaseMs * 2)) === 1;
}

/** Adds the drop of `holder`'s lease to a batch. */
export function dropLeaseIn(batch: CommandBatch, key: string, holder: string): CommandBatch {
  return batch.zrem(key, holder);
}

export async function dropLease(redis: Redis, key: string, holder: string): Promise<void> {
  await redis.zrem(key, holder);
}
