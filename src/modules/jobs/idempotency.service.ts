import { Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AppError } from '../../common/errors/app-error.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import { sha256 } from '../auth/secrets.js';

const TTL_MS = 24 * 3_600_000;
/**
 * A claim whose job row does not exist yet is a short lease: an API that dies between its claim and its job frees the
 * key within a minute instead of answering its replays 500 for a day. Admission (limits, lookups, charge) takes seconds.
 */
export const PENDING_CLAIM_MS = 60_000;
const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;
const FIELD = 'Idempotency-Key';
// Deletes a claim only if it still holds this request's job: a later claimant's key is never removed.
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
// Keeps a claim for a day once its job exists, only if it still holds this request's job.
const CONFIRM = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

/**
 * new: this request owns the key and creates `jobId` (confirm() once its job row exists, or release() on failure);
 * replay: `jobId` belongs to an earlier request.
 */
export type IdempotencyClaim = {
  readonly kind: 'new' | 'replay';
  readonly jobId: string;
  readonly release: () => Promise<void>;
  readonly confirm: () => Promise<void>;
};

/**
 * decisions.md 7.3: the key lives in Redis (shared by every API replica) for 24 hours, claimed with SET NX so
 * that of concurrent duplicates exactly one creates and charges a job.
 */
@Injectable()
export class IdempotencyService {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  /** Throws 422 on a malformed key or on a key already used with other parameters. */
  async claim(organizationId: string, key: string, fingerprint: string, jobId: string): Promise<IdempotencyClaim> {
    if (!VISIBLE_ASCII.test(key)) throw AppError.field(FIELD, 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
    const redisKey = `crawlgate:idempotency:${organizationId}:${sha256(key)}`;
    const value = `${jobId} ${fingerprint}`;
    for (;;) {
      if ((await this.redis.set(redisKey, value, 'PX', PENDING_CLAIM_MS, 'NX')) === 'OK') {
        return {
          kind: 'new',
          jobId,
          release: async () => void (await this.redis.eval(RELEASE, 1, redisKey, value)),
          confirm: async () => void (await this.redis.eval(CONFIRM, 1, redisKey, value, TTL_MS)),
        };
      }
      const stored = await this.redis.get(redisKey);
      if (stored === null) continue; // released or expired between the two calls: claim again
      const [storedJob, storedFingerprint] = stored.split(' ');
      if (storedFingerprint !== fingerprint) {
        throw AppError.field(FIELD, 'This Idempotency-Key was used with other parameters; nothing was charged.');
      }
      return { kind: 'replay', jobId: storedJob, release: async () => undefined, confirm: async () => undefined };
    }
  }

  /** A replay whose first request is still charging: true once the key is gone (the first request failed). */
  async isReleased(organizationId: string, key: string, jobId: string): Promise<boolean> {
    const stored = await this.redis.get(`crawlgate:idempotency:${organizationId}:${sha256(key)}`);
    return stored === null || !stored.startsWith(`${jobId} `);
  }
}
