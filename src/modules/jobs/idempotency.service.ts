import { Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AppError } from '../../common/errors/app-error.js';
import { SqlProgramRunner } from '../../infra/database/sql-program.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import { sha256 } from '../auth/secrets.js';
import { forgetKey, KEY_LIFE_MS, keyHolder } from '../billing/idempotency-record.js';
import type { IdempotencyKeyTaken, IdempotencyRecord } from '../billing/idempotency-record.js';

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
// Deletes a confirmed claim (one kept past its pending lease) of this job: its job's row is gone, expired before the key's day ended.
const RELEASE_CONFIRMED = `local v = redis.call('get', KEYS[1])
if v and string.sub(v, 1, #ARGV[1] + 1) == ARGV[1] .. ' ' and redis.call('pttl', KEYS[1]) > tonumber(ARGV[2]) then return redis.call('del', KEYS[1]) end
return 0`;
// Hands a claim over to the job the database says holds the key, for the rest of that key's day, only if it still holds this request's job.
const ADOPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3]) else return 0 end";

/**
 * new: this request owns the key and creates `jobId` with `record` beside its row (confirm() once its job row exists,
 * release() on failure, adopt() when the database says another job holds the key); replay: `jobId` belongs to an
 * earlier request.
 */
export type IdempotencyClaim = {
  readonly kind: 'new' | 'replay';
  readonly jobId: string;
  readonly record: IdempotencyRecord;
  readonly release: () => Promise<void>;
  readonly confirm: () => Promise<void>;
  readonly adopt: (taken: IdempotencyKeyTaken) => Promise<void>;
};

/**
 * decisions.md 7.3: the key lives in Redis (shared by every API replica) for 24 hours, claimed with SET NX so that of
 * concurrent duplicates exactly one creates and charges a job; that is the fast path. The database keeps it too, with
 * the job it made (IdempotencyRecord): a claim Redis grants is checked against it first (a Redis that restarted empty:
 * the holder replays), and two requests that both pass (a first request that outlived its pending claim) meet at the
 * key's row, where the second's job fails on the key (IdempotencyKeyTaken) and replays the first.
 */
@Injectable()
export class IdempotencyService {
  constructor(
    @InjectRedis() private readonly redis: Redis,
    private readonly sql: SqlProgramRunner,
  ) {}

  /** Throws 422 on a malformed key or on a key already used with other parameters. */
  async claim(organizationId: string, key: string, fingerprint: string, jobId: string): Promise<IdempotencyClaim> {
    if (!VISIBLE_ASCII.test(key)) throw AppError.field(FIELD, 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
    const keyHash = sha256(key);
    const redisKey = `crawlgate:idempotency:${organizationId}:${keyHash}`;
    const record = { keyHash, fingerprint };
    const value = `${jobId} ${fingerprint}`;
    for (;;) {
      if ((await this.redis.set(redisKey, value, 'PX', PENDING_CLAIM_MS, 'NX')) === 'OK') {
        const adopt = async (taken: IdempotencyKeyTaken) => {
          const left = taken.createdAt.getTime() + KEY_LIFE_MS - Date.now();
          if (left > 0) await this.redis.eval(ADOPT, 1, redisKey, value, `${taken.jobId} ${taken.fingerprint}`, left);
        };
        // Redis had no claim: the database may know the key still (Redis restarted empty). Its read failing leaves the
        // charge's own write of the key to refuse a duplicate.
        const holder = await keyHolder(this.sql, organizationId, keyHash).catch(() => null);
        if (holder) {
          await adopt(holder);
          if (holder.fingerprint !== fingerprint) throw usedWithOtherParameters();
          return replayOf(holder.jobId, record);
        }
        return {
          kind: 'new',
          jobId,
          record,
          release: async () => {
            await this.redis.eval(RELEASE, 1, redisKey, value);
            await forgetKey(this.sql, organizationId, keyHash, jobId);
          },
          confirm: async () => void (await this.redis.eval(CONFIRM, 1, redisKey, value, KEY_LIFE_MS)),
          adopt,
        };
      }
      const stored = await this.redis.get(redisKey);
      if (stored === null) continue; // released or expired between the two calls: claim again
      const [storedJob, storedFingerprint] = stored.split(' ');
      if (storedFingerprint !== fingerprint) throw usedWithOtherParameters();
      return replayOf(storedJob, record);
    }
  }

  /**
   * The job of a confirmed claim has no row (RESULT_TTL_HOURS shorter than the key's day deleted it): the key is free
   * again, as the database's row of it is (idempotency-record.ts). True when this call freed it.
   */
  async releaseExpiredJob(organizationId: string, key: string, jobId: string): Promise<boolean> {
    return (await this.redis.eval(RELEASE_CONFIRMED, 1, `crawlgate:idempotency:${organizationId}:${sha256(key)}`, jobId, PENDING_CLAIM_MS)) === 1;
  }

  /** A replay whose first request is still charging: true once the key is gone (the first request failed). */
  async isReleased(organizationId: string, key: string, jobId: string): Promise<boolean> {
    const stored = await this.redis.get(`crawlgate:idempotency:${organizationId}:${sha256(key)}`);
    return stored === null || !stored.startsWith(`${jobId} `);
  }
}

export function usedWithOtherParameters(): AppError {
  return AppError.field(FIELD, 'This Idempotency-Key was used with other parameters; nothing was charged.');
}

function replayOf(jobId: string, record: IdempotencyRecord): IdempotencyClaim {
  const none = async () => undefined;
  return { kind: 'replay', jobId, record, release: none, confirm: none, adopt: none };
}
