import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import { JOBS_QUEUE, JobPayload } from '../../infra/queue/queue.constants.js';
import type { Redis } from 'ioredis';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import { JobLine } from '../jobs/job-line.service.js';
import { FrontierRepository } from './frontier/frontier.repository.js';

/**
 * A page's mark that a Bull job for it is pending: taken off when a worker takes that job, so a job lost with its worker
 * (or with a Redis restarted empty) leaves its waiting row unmarked, which is how the sweep knows to add it again. It
 * also lapses this long after the job was due, so a job lost any other way is added again too: a second job for a
 * page is harmless (only the claim of its waiting row runs it, and the host gate keeps its pauses).
 */
const MARK_AFTER_DUE_MS = 30_000;
const markKey = (crawlId: string, pageId: string) => `crawlgate:site:queued:${crawlId}/${pageId}`;
/**
 * Where a page waits for a place it cannot take yet, and how long at most: the end of a request there brings the one
 * parked longest forward at once (wake), so the bound is only for a wake that never came (its request's worker died).
 * A freed place is taken in milliseconds, and a busy place is not polled by every page waiting for it.
 */
export interface ParkingSpot {
  readonly key: string;
  readonly ms: number;
}

/** A host with SITE_HOST_CONCURRENCY requests of all crawls running. */
export const atFullHost = (host: string): ParkingSpot => ({ key: `crawlgate:site:parked:${host}`, ms: 5_000 });

/**
 * The crawl's own turn at a host with a floor (`delay`, Crawl-delay): one request at a time, so every other page of the
 * crawl for that host waits here, however many a level released (one request's end wakes one of them).
 */
export const behindCrawlTurn = (crawlId: string, host: string): ParkingSpot => ({ key: `crawlgate:site:parked-turn:${crawlId}:${host}`, ms: 30_000 });

/** Parked Bull jobs a wake passes over at most (each already ran: its wait ran out, or an earlier wake took it). */
const WAKE_TRIES = 5;
/** A parked page's score: its plan priority (1 first) weighs more than any park time in ms (2^42 ms is 139 years). */
const PRIORITY_WEIGHT = 2 ** 42;
/**
 * The parked page to wake: the first by plan priority, then park time, whose park has not run out (those are dropped on
 * the way: their jobs ran already). ARGV[1]: the oldest park time still parked.
 */
const NEXT_PARKED = `
while true do
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  if #first == 0 then return false end
  redis.call('ZREM', KEYS[1], first[1])
  if tonumber(first[2]) % ${PRIORITY_WEIGHT} >= tonumber(ARGV[1]) then return first[1] end
end`;

export const SITE_KIND = 'site';

/** Puts a crawl's waiting pages on the one queue, so every worker takes them. */
@Injectable()
export class SiteQueue {
  constructor(
    @InjectQueue(JOBS_QUEUE) private readonly queue: Queue<JobPayload>,
    private readonly frontier: FrontierRepository,
    @InjectRedis() private readonly redis: Redis,
    private readonly line: JobLine,
  ) {}

  /**
   * A new crawl's start page. The crawl joins the line as that page's entry is queued, at the entry's priority: what a
   * queued crawl waits behind is that entry, so its place is the crawl's `position` (decisions.md 2) until it starts.
   */
  async addStart(organizationId: string, crawlId: string, pageId: string, priority: number): Promise<void> {
    // decisions.md 9.3: site pages take their place by plan priority like any job (within a plan, first come first served).
    await this.line.join(crawlId, priority);
    await this.add(organizationId, crawlId, [pageId], priority);
  }

  /** The crawl's start page was taken, or the crawl ended: it no longer waits in line. */
  async leaveLine(crawlId: string): Promise<void> {
    await this.line.leave(crawlId);
  }

  /** Any number of Bull jobs for one page is harmless: only the claim of its waiting row runs it. Answers the jobs' ids. */
  async add(organizationId: string, crawlId: string, pageIds: readonly string[], priority: number, delayMs = 0): Promise<string[]> {
    const ids: string[] = [];
    for (const pageId of pageIds) {
      // Marked before the job exists: a worker that takes the job at once unmarks after this, never before (else the
      // mark would outlive its job, and the sweep would leave the page waiting until the mark lapsed).
      await this.redis.set(markKey(crawlId, pageId), '1', 'PX', delayMs + MARK_AFTER_DUE_MS);
      const id = `${crawlId}/${pageId}/${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      await this.queue.add({ jobId: crawlId, kind: SITE_KIND, organizationId, pageId }, { jobId: id, priority, ...(delayMs > 0 ? { delay: delayMs } : {}) });
      ids.push(id);
    }
    return ids;
  }

  /** The page cannot take its place at `spot` yet: it waits for a wake there, `spot.ms` at most. */
  async park(spot: ParkingSpot, organizationId: string, crawlId: string, pageId: string, priority: number): Promise<void> {
    const [id] = await this.add(organizationId, crawlId, [pageId], priority, spot.ms);
    await this.redis.multi().zadd(spot.key, priority * PRIORITY_WEIGHT + Date.now(), id).pexpire(spot.key, 2 * spot.ms).exec();
    await this.frontier.touch(organizationId, crawlId, pageId, new Date(Date.now() + spot.ms));
  }

  /**
   * A request ended at `spot`: of the pages parked there (of any crawl), the first by plan priority, then the longest
   * parked, whose job still waits runs now, at its priority (decisions.md 9.3: by plan priority, like any job).
   */
  async wake(spot: ParkingSpot): Promise<void> {
    for (let tries = 0; tries < WAKE_TRIES; tries++) {
      const id = (await this.redis.eval(NEXT_PARKED, 1, spot.key, Date.now() - spot.ms)) as string | null;
      if (!id) return;
      const job = await this.queue.getJob(id);
      // Refused when the job is no longer delayed (its wait ran out meanwhile): the next one is tried.
      if (job && (await job.promote().then(() => true, () => false))) return;
    }
  }

  /** A worker took the page's Bull job: from now on its row, not the queue, says what happens to the page. */
  async unmark(crawlId: string, pageId: string): Promise<void> {
    await this.redis.del(markKey(crawlId, pageId));
  }

  /** Of these waiting pages, those whose Bull job is no longer known to Redis. */
  async unmarked<P extends { crawlId: string; id: string }>(pages: readonly P[]): Promise<P[]> {
    if (pages.length === 0) return [];
    const marks = await this.redis.mget(...pages.map((page) => markKey(page.crawlId, page.id)));
    return pages.filter((_, i) => marks[i] === null);
  }

  /** Again later (a host's floor or pause, a busy plan slot): its row stays waiting, marked queued till then for the sweep. */
  async later(organizationId: string, crawlId: string, pageId: string, priority: number, delayMs: number): Promise<void> {
    await this.add(organizationId, crawlId, [pageId], priority, delayMs);
    await this.frontier.touch(organizationId, crawlId, pageId, new Date(Date.now() + delayMs));
  }
}
