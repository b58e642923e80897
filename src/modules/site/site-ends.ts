import { Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import type { SqlStatement } from '../../infra/database/sql-program.js';
import { MetricsService } from '../../infra/metrics/metrics.service.js';
import type { JobOutcome } from '../../infra/metrics/metrics.service.js';
import type { RefundRequest } from '../billing/ledger.service.js';
import { JobRepository } from '../jobs/job.repository.js';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher.service.js';
import { deliveryId } from '../webhooks/webhook-outbox.js';
import { isEndedStatus, type Job } from '../../infra/database/entities/index.js';
import type { CrawlContext } from './crawl-context.js';
import { FrontierRepository } from './frontier/frontier.repository.js';
import type { FrontierPage, PageRecord, StopReason, StoredEvent } from './frontier/frontier-types.js';
import { SiteQueue } from './site-queue.js';
import { SiteStart } from './site-start.js';
import { SiteViews } from './site-views.js';

/** A failed start page's record, and the crawl it is announced for. */
export interface StoredStart {
  readonly context: CrawlContext;
  readonly record: PageRecord;
}

/**
 * job.finished is queued this long after the crawl's end, so that a site.page event another worker queues just after its
 * page's commit is pending by the time job.finished is first tried; it then waits for every pending one to end.
 */
const FINISHED_AFTER_MS = 1_000;

/** A crawl's stops and end, and its webhooks (decisions.md 9.3): site.page per stored page when asked, then job.finished. */
@Injectable()
export class SiteEnds {
  private readonly logger = new Logger(SiteEnds.name);

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly frontier: FrontierRepository,
    private readonly jobs: JobRepository,
    private readonly views: SiteViews,
    private readonly webhooks: WebhookDispatcher,
    private readonly metrics: MetricsService,
    private readonly queue: SiteQueue,
    private readonly start: SiteStart,
  ) {}

  /** When an ended crawl's pages go: RESULT_TTL_HOURS from now. */
  expiresAt(): Date {
    return new Date(Date.now() + this.config.resultTtlHours * 3_600_000);
  }

  /** No further page starts; the crawl ends once its running pages finish (at once when none runs). */
  async stop(organizationId: string, crawlId: string, reason: StopReason, pageId: string | null): Promise<void> {
    if (await this.frontier.stop(organizationId, crawlId, reason, pageId, this.expiresAt())) await this.ended(organizationId, crawlId);
  }

  /**
   * The start page decided the crawl: failed with this error. When it was requested, its tally goes with it, and its
   * record (`stored`) is kept as any failed page's, announced by site.page before job.finished.
   */
  /** `refund`: the start page's charge, handed back with the failure (it failed on the service's side). */
  async fail(page: FrontierPage, code: string, message: string, extra: readonly SqlStatement[] = [], stored: StoredStart | null = null, refund: RefundRequest | null = null): Promise<void> {
    this.logger.warn({ crawlId: page.crawlId, code }, message);
    const failure = { code, message, extra, ...(stored ? { page: { id: page.id, record: stored.record } } : {}) };
    const outcome = await this.frontier.fail(page.organizationId, page.crawlId, failure, this.expiresAt(), refund);
    if (!outcome.ended) return;
    if (stored && outcome.seq !== null) await this.pageStored(stored.context, page, stored.record, outcome.seq);
    await this.ended(page.organizationId, page.crawlId);
  }

  async pageStored(context: CrawlContext, page: FrontierPage, record: PageRecord, seq: number): Promise<void> {
    await this.deliverPage(context, page.id, { url: page.url, targetStatus: record.targetStatus, error: record.error, seq });
  }

  /** A stored page's site.page event, again from its row (owed, and Bull no longer holds it); false while it is not stored. */
  async announcePage(context: CrawlContext, pageId: string): Promise<boolean> {
    const stored = await this.frontier.storedEvent(context.job.organizationId, context.job.id, pageId);
    if (!stored) return false;
    await this.deliverPage(context, pageId, stored);
    return true;
  }

  private async deliverPage(context: CrawlContext, pageId: string, stored: StoredEvent): Promise<void> {
    if (!context.request.pageEvents || !context.job.webhookUrl) return;
    const body = { event: 'site.page', job_id: context.job.id, url: stored.url, target_status: stored.targetStatus, error: stored.error, cursor: String(stored.seq - 1) };
    await this.webhooks.deliver(context.job.organizationId, context.job.webhookUrl, deliveryId({ jobId: context.job.id, pageId }), body);
  }

  /**
   * Called once per crawl, by whichever step's write moved its job row to an end (finished, limit, credits, time_limit,
   * cancelled, failed): every such write is conditional on the crawl being queued or running, so only one succeeds.
   */
  async ended(organizationId: string, crawlId: string): Promise<void> {
    const job = await this.jobs.getForOrganization(organizationId, crawlId);
    this.logger.log({ crawlId, status: job?.status }, 'site crawl ended');
    // Ended before its start page was taken (cancelled, failed, time limit): out of the line, as a started one is.
    await this.queue.leaveLine(crawlId).catch((error: Error) => this.logger.warn(`crawl ${crawlId} not taken out of the line: ${error.message}`));
    // Its start page's sitemap URLs, kept for its retries, go with it however it ended (failed, stopped, cancelled).
    await this.start.forget(crawlId).catch((error: Error) => this.logger.warn(`crawl ${crawlId}: its sitemap URLs not deleted: ${error.message}`));
    if (job && isEndedStatus(job.status)) {
      // Its run time as other jobs': from its start (its first page taken); a crawl cancelled while queued never ran.
      this.metrics.jobEnded(job.kind, job.status as JobOutcome, job.startedAt ? job.startedAt.getTime() : null, job.errorCode ?? undefined);
    }
    if (job?.webhookUrl) await this.announceEnd(job);
  }

  /** An ended crawl's job.finished (when it has a webhook_url), after its site.page events. */
  async announceEnd(job: Job): Promise<void> {
    if (!job.webhookUrl) return;
    const { envelope, counts } = await this.views.summary(job);
    const body = {
      event: 'job.finished', job_id: job.id, kind: 'site', status: job.status, stop_reason: envelope.stop_reason, counts,
      error: envelope.error, finished_at: (job.finishedAt ?? new Date()).toISOString(),
    };
    await this.webhooks.deliver(job.organizationId, job.webhookUrl, deliveryId({ jobId: job.id }), body, { delayMs: FINISHED_AFTER_MS, after: pageEventsOf(job.id) });
  }
}

/** The delivery ids of a crawl's site.page events start with this: its job.finished is sent after them all. */
const pageEventsOf = (crawlId: string): string => deliveryId({ jobId: crawlId, pageId: '' });
