import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Redis } from 'ioredis';
import type { CommandBatch } from '../../infra/redis/command-batch.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import { JOBS_QUEUE, JobPayload } from '../../infra/queue/queue.constants.js';

const LINE_KEY = 'crawlgate:job-line';
const SEQUENCE_KEY = 'crawlgate:job-line:sequence';
/** Priority weighs more than any arrival number: 2^40 arrivals per priority, and priority * 2^40 stays an exact double. */
const JOIN = `
local arrival = redis.call('INCR', KEYS[2])
redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) * 1099511627776 + arrival, ARGV[2])
return arrival`;

/**
 * The queue's line as callers see it: a sorted set that mirrors Bull's wait order (plan priority first, then arrival),
 * so a job's `position` is one ZRANK, O(log n), instead of a read of Bull's whole wait list. A job joins it when
 * queued and leaves it when a worker takes it, or when it ends (whichever comes first).
 */
@Injectable()
export class JobLine {
  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectQueue(JOBS_QUEUE) private readonly queue: Queue<JobPayload>,
  ) {}

  /** Queues the job in Bull with its priority (1 first) and puts it in the line. */
  async add(payload: JobPayload, priority: number): Promise<void> {
    await this.join(payload.jobId, priority);
    try {
      await this.queue.add(payload, { jobId: payload.jobId, priority });
    } catch (error) {
      await this.leave(payload.jobId).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Puts a job in the line at the back of its priority, for one whose Bull entries are queued by its own module: a site
   * crawl waits behind its start page's entry, which Bull orders by the same priority and arrival.
   */
  async join(jobId: string, priority: number): Promise<void> {
    await this.redis.eval(JOIN, 2, LINE_KEY, SEQUENCE_KEY, priority, jobId);
  }

  async leave(jobId: string): Promise<void> {
    await this.redis.zrem(LINE_KEY, jobId);
  }

  leaveIn(batch: CommandBatch, jobId: string): CommandBatch {
    return batch.zrem(LINE_KEY, jobId);
  }

  /** 1-based place in the line (1 = the next to start); null when the job is not waiting. */
  async position(jobId: string): Promise<number | null> {
    const rank = await this.redis.zrank(LINE_KEY, jobId);
    return rank === null ? null : rank + 1;
  }
}
