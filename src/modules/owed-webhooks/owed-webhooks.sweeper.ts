import { InjectQueue } from '@nestjs/bull';
import { isEndedStatus } from '../../infra/database/entities/index.js';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Redis } from 'ioredis';
import { WEBHOOKS_QUEUE, WebhookPayload } from '../../infra/queue/queue.constants.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import { SharedSweep } from '../../infra/redis/shared-sweep.js';
import { JobRepository } from '../jobs/job.repository.js';
import { SiteCrawls } from '../site/site-crawls.js';
import { SiteEnds } from '../site/site-ends.js';
import { MetricsService } from '../../infra/metrics/metrics.service.js';
import { WebhookBacklog } from '../webhooks/webhook-backlog.js';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher.service.js';
import { OutboxRow, WebhookOutbox } from '../webhooks/webhook-outbox.js';

const PERIOD_MS = 10_000;
/** A row younger than this is left alone: its writer is about to queue the delivery itself. */
export const OWED_GRACE_MS = 30_000;
const BATCH = 200;
/** Rows checked a round at most (a Bull read each); the next round goes on from there (in the process that takes its turn). */
const MAX_PER_ROUND = 5000;
const TURN_KEY = 'crawlgate:owed-webhooks:turn';

/**
 * Webhooks owed and not in Bull (decisions.md 7.4, 9.3; webhook-outbox.ts), by one process a period: a delivery
 * still in the queue is left to it (and settled here when it ended but its settle was lost); one missing (its writer
 * died before queueing it, or Redis restarted empty) is queued again, with the same X-Crawlgate-Delivery, once what it
 * announces has happened: the job ended, the page stored.
 */
@Injectable()
export class OwedWebhooksSweeper extends SharedSweep {
  protected readonly logger = new Logger(OwedWebhooksSweeper.name);
  /**
   * Where this process's next round goes on: the last row its previous one checked (none: from the oldest). Kept in
   * memory: another replica that takes a turn, or a restart, starts from the oldest, which only costs a pass.
   */
  private after: OutboxRow | undefined;
  /** MAX_PER_ROUND; a test lowers it. */
  maxPerRound = MAX_PER_ROUND;

  constructor(
    @InjectRedis() redis: Redis,
    @InjectQueue(WEBHOOKS_QUEUE) private readonly queue: Queue<WebhookPayload>,
    private readonly outbox: WebhookOutbox,
    private readonly jobs: JobRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly crawls: SiteCrawls,
    private readonly ends: SiteEnds,
    private readonly backlog: WebhookBacklog,
    private readonly metrics: MetricsService,
  ) {
    super(redis, { key: TURN_KEY, periodMs: PERIOD_MS, what: 'owed webhooks sweep' });
  }

  /**
   * Due rows a page at a time, MAX_PER_ROUND a round, each round going on where the last stopped and starting over
   * once it reached the newest: rows still in Bull (a slow receiver's retries), however many, never hide newer lost ones.
   */
  protected async round(now: number): Promise<void> {
    const before = new Date(now - OWED_GRACE_MS);
    // Organizations with no room for another job.finished this round: their parked ones wait for the next.
    const full = new Set<string>();
    for (let seen = 0; seen < this.maxPerRound; ) {
      const rows = await this.outbox.due(before, BATCH, this.after);
      for (const row of rows) await this.check(row, full);
      seen += rows.length;
      this.after = rows.length < BATCH ? undefined : rows[rows.length - 1];
      if (this.after === undefined) return;
    }
  }

  private async check(row: OutboxRow, full: Set<string>): Promise<void> {
    const queued = await this.queue.getJob(row.delivery);
    if (!queued) return this.announce(row, full);
    if (queued.finishedOn) await this.outbox.settle(row.delivery);
  }

  private async announce(row: OutboxRow, full: Set<string>): Promise<void> {
    const job = await this.jobs.getForOrganization(row.organizationId, row.jobId);
    if (!job) {
      // Its job's result expired (RESULT_TTL_HOURS) before the announcement could be sent: given up, and said.
      this.metrics.webhookDropped(row.pageId === undefined ? 'job.finished' : 'site.page');
      this.logger.warn({ delivery: row.delivery }, 'owed webhook given up: its job expired before it was sent');
      return this.outbox.settle(row.delivery);
    }
    // Never had a webhook: nothing to announce.
    if (!job.webhookUrl) return this.outbox.settle(row.delivery);
    if (row.pageId !== undefined) {
      const context = await this.crawls.context(row.organizationId, row.jobId);
      if (context && (await this.ends.announcePage(context, row.pageId))) this.logger.warn({ delivery: row.delivery }, 'owed site.page webhook queued again');
      return;
    }
    if (!isEndedStatus(job.status)) return;
    // Parked for want of room (webhook-backlog.ts): it waits, oldest first, until its organization has some.
    if (full.has(row.organizationId)) return;
    if (!(await this.backlog.hasFinishedRoom(row.organizationId))) {
      full.add(row.organizationId);
      return;
    }
    this.logger.warn({ delivery: row.delivery }, 'owed job.finished webhook queued again');
    if (job.kind === 'site') await this.ends.announceEnd(job);
    else await this.dispatcher.jobEnded(row.organizationId, row.jobId);
  }
}
