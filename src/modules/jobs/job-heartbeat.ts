import { Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import type { CommandBatch } from '../../infra/redis/command-batch.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import { JobEventsService } from './job-events.service.js';

/** A beat outlives this many renewal periods: an event loop busy for a moment does not lose a job. */
export const BEATS_TO_LOSE = 4;

/**
 * Proof of life of a running job: a Redis key naming its worker, renewed every JOB_HEARTBEAT_MS, that expires (Redis's
 * clock, not ours) when the worker stops beating; a worker whose Redis connection closed (it died) is dead at once.
 * The sweeper fails a running job without a live worker; a poll then skips asking for a capture.
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
   * beat (Redis down) is retried at the next period.
   */
  start(jobId: string): () => void {
    const beat = () => this.redis.set(this.key(jobId), this.events.processId, 'PX', this.ttlMs).catch((error: Error) => {
      this.logger.warn(`heartbeat of ${jobId} not written: ${error.message}`);
    });
    void beat();
    const timer = setInterval(() => void beat(), this.periodMs);
    return () => clearInterval(timer);
  }

  /** Adds the removal of the job's beat to a batch. */
  endIn(batch: CommandBatch, jobId: string): CommandBatch {
    return batch.del(this.key(jobId));
  }

  /** The process beating for the job, while it is still connected; null when the job has no live worker. */
  async liveHolder(jobId: string): Promise<string | null> {
    const holder = await this.redis.get(this.key(jobId));
    return holder && (await this.events.isListening(holder)) ? holder : null;
  }

  /** The jobs among `jobIds` whose heartbeat is missing or whose worker's connection is gone. */
  async silent(jobIds: readonly string[]): Promise<string[]> {
    if (jobIds.length === 0) return [];
    const holders = await this.redis.mget(...jobIds.map((id) => this.key(id)));
    const listening = new Map<string, boolean>();
    for (const holder of new Set(holders)) if (holder) listening.set(holder, await this.events.isListening(holder));
    return jobIds.filter((_, index) => !listening.get(holders[index] ?? ''));
  }

  private key(jobId: string): string {
    return `crawlgate:job-beat:${jobId}`;
  }
}
