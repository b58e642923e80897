import { Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import type { CommandBatch } from '../../infra/redis/command-batch.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import { JobEventsService } from './job-events.service.js';

/** A beat outlives this many renewal periods: an event loop busy for a moment does not lose a job. */
export const BEATS_TO_LOSE = 4;

/** A running job as its heartbeats tell it: lost when no live worker beats for it, overdue when past its deadline. */
export interface BeatVerdict {
  readonly lost: readonly string[];
  readonly overdue: readonly string[];
}

/**
 * Proof of life of a running job: a Redis key naming its worker and the job's deadline, renewed every
 * JOB_HEARTBEAT_MS, that expires (Redis's clock, not ours) when the worker stops beating; a worker whose Redis
 * connection closed (it died) is dead at once. The LostJobSweeper reads the beats to fail a job without a live
 * worker, or one its live worker kept far past the deadline written here; a poll skips asking a dead worker for a capture.
 */
@Injectable()
export class JobHeartbeat {
  private readonly logger = new Logger(JobHeartbeat.name);

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectRedis() private readonly redis: Redis,
    private readonly events: JobEventsService,
  ) {}

  get periodMs(): number {
    return this.config.jobHeartbeatMs;
  }

  get ttlMs(): number {
    return this.config.jobHeartbeatMs * BEATS_TO_LOSE;
  }

  /**
   * Beats for the job until the returned stop is called (it stops the timer; endIn then removes the beat); a failed
   * beat (Redis down) is retried at the next period. With `batch`, the first beat is added to it (the caller sends it
   * with the job's other start commands) instead of sent at once.
   */
  start(jobId: string, deadline: number, batch?: CommandBatch): () => void {
    const value = `${this.events.processId} ${deadline}`;
    const beat = () => this.redis.set(this.key(jobId), value, 'PX', this.ttlMs).catch((error: Error) => {
      this.logger.warn(`heartbeat of ${jobId} not written: ${error.message}`);
    });
    if (batch) batch.set(this.key(jobId), value, 'PX', this.ttlMs);
    else void beat();
    const timer = setInterval(() => void beat(), this.periodMs);
    return () => clearInterval(timer);
  }

  /** Adds the removal of the job's beat to a batch. */
  endIn(batch: CommandBatch, jobId: string): CommandBatch {
    return batch.del(this.key(jobId));
  }

  /** The process beating for the job, while it is still connected; null when the job has no live worker. */
  async liveHolder(jobId: string): Promise<string | null> {
    const { holder } = parseBeat(await this.redis.get(this.key(jobId)));
    return holder && (await this.events.isListening(holder)) ? holder : null;
  }

  /**
   * Among `jobIds`: the lost (heartbeat missing, or its worker's connection gone) and the overdue (a live worker
   * still beating `overdueMs` after the job's deadline).
   */
  async judge(jobIds: readonly string[], now: number, overdueMs: number): Promise<BeatVerdict> {
    if (jobIds.length === 0) return { lost: [], overdue: [] };
    const beats = (await this.redis.mget(...jobIds.map((id) => this.key(id)))).map(parseBeat);
    const listening = new Map<string, boolean>();
    for (const { holder } of beats) if (holder && !listening.has(holder)) listening.set(holder, await this.events.isListening(holder));
    const live = (index: number) => listening.get(beats[index].holder ?? '') === true;
    return {
      lost: jobIds.filter((_, index) => !live(index)),
      overdue: jobIds.filter((_, index) => live(index) && beats[index].deadline + overdueMs < now),
    };
  }

  private key(jobId: string): string {
    return `crawlgate:job-beat:${jobId}`;
  }
}

/** A beat's value is "<process id> <deadline in epoch ms>"; a beat written by an older version has no deadline. */
function parseBeat(value: string | null): { readonly holder: string | null; readonly deadline: number } {
  if (!value) return { holder: null, deadline: Infinity };
  const [holder, deadline] = value.split(' ');
  return { holder, deadline: deadline ? Number(deadline) : Infinity };
}
