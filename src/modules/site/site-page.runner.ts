import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { isAppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { JobPayload } from '../../infra/queue/queue.constants.js';
import { siteHost } from '../../infra/discovery/url-key.js';
import { OrganizationRepository } from '../auth/organization.repository.js';
import { LimitsService } from '../billing/limits.service.js';
import { limitsFor } from '../billing/plan-limits.js';
import { pageHolder } from '../jobs/slot-keeper.service.js';
import { FrontierRepository } from './frontier/frontier.repository.js';
import type { FrontierPage } from './frontier/frontier-types.js';
import { CRAWL_BUSY, HOST_FULL, HostGate } from './host-gate.js';
import { PageWork } from './page-work.js';
import { SiteCrawls } from './site-crawls.js';
import { SiteEnds } from './site-ends.js';
import { atFullHost, behindCrawlTurn, SiteQueue } from './site-queue.js';

const LIVE = new Set(['queued', 'running']);
/** How soon a page tries again when its organization's plan slots are all taken (a busy host parks it: SiteQueue.park). */
const BUSY_RETRY_MS = 250;
/** A running page's leases (its row, its place at the host): short, renewed by its live worker, so a dead one's lapse soon. */
export const PAGE_LEASE_MS = 10_000;
const RENEW_MS = 3_000;

/**
 * A site page's Bull job (decisions.md 9.3): waits for its host (per-host concurrency, the crawl's floor) and a plan
 * slot by going back to the queue, never by holding a worker; then claims its row and does the page's work.
 */
@Injectable()
export class SitePageRunner {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly frontier: FrontierRepository,
    private readonly crawls: SiteCrawls,
    private readonly gate: HostGate,
    private readonly queue: SiteQueue,
    private readonly limits: LimitsService,
    private readonly organizations: OrganizationRepository,
    private readonly ends: SiteEnds,
    private readonly work: PageWork,
  ) {}

  async process(payload: JobPayload): Promise<void> {
    const { organizationId, jobId: crawlId, pageId } = payload;
    if (pageId === undefined) return;
    await this.queue.unmark(crawlId, pageId);
    const page = await this.frontier.page(organizationId, crawlId, pageId);
    const context = page?.state === 'waiting' ? await this.crawls.context(organizationId, crawlId) : null;
    if (!page || !context || !LIVE.has(context.job.status)) return;
    if (Date.now() - context.job.createdAt.getTime() > this.config.site.maxHours * 3_600_000) return this.ends.stop(organizationId, crawlId, 'time_limit', null);
    const organization = await this.organizations.getById(organizationId);
    if (!organization) return;
    const plan = limitsFor(this.config.plans, organization);
    const host = siteHost(new URL(page.url));
    const holder = pageHolder(crawlId, pageId);
    const wait = await this.gate.enter(crawlId, host, holder, this.config.site.hostConcurrency, context.floorMs, PAGE_LEASE_MS);
    if (wait === HOST_FULL) return this.queue.park(atFullHost(host), organizationId, crawlId, pageId, plan.priority);
    if (wait === CRAWL_BUSY) return this.queue.park(behindCrawlTurn(crawlId, host), organizationId, crawlId, pageId, plan.priority);
    if (wait > 0) return this.queue.later(organizationId, crawlId, pageId, plan.priority, wait);
    let requested = false;
    try {
      if (!(await this.takeSlot(organizationId, holder, plan.concurrency))) return this.queue.later(organizationId, crawlId, pageId, plan.priority, BUSY_RETRY_MS);
      try {
        const claim = await this.frontier.claim(organizationId, crawlId, pageId, new Date(Date.now() + PAGE_LEASE_MS), this.ends.expiresAt());
        if (claim.taken) {
          // Taking the start page starts the crawl: it stops waiting in line.
          if (page.depth === 0) await this.queue.leaveLine(crawlId);
          requested = await this.renewing(page, host, () => this.work.run(context, page, plan.priority));
        } else if (claim.ended) {
          await this.ends.ended(organizationId, crawlId);
        }
      } finally {
        await this.limits.releaseSlot(organizationId, holder);
      }
    } finally {
      await this.leave(context.floorMs, page, host, requested);
    }
  }

  /**
   * Gives the page's place at the host back and wakes who waits for it. The floor runs from a request's end; a pass that
   * made no request (no plan slot, another job of the page took it, a stored copy answered it) leaves the crawl's last
   * one as it was.
   */
  private async leave(floorMs: number, page: FrontierPage, host: string, requested: boolean): Promise<void> {
    const { organizationId, crawlId } = page;
    // The start page read robots.txt meanwhile: its Crawl-delay counts from this first request on.
    const floor = page.depth === 0 && requested ? (await this.crawls.context(organizationId, crawlId, true))?.floorMs ?? 0 : floorMs;
    await this.gate.leave(crawlId, host, pageHolder(crawlId, page.id), requested ? floor : 0);
    // Its place at the host is free: the page parked there longest takes it now, and with a floor, the crawl's next
    // page for the host (it then waits out the floor).
    await this.queue.wake(atFullHost(host));
    if (floor > 0) await this.queue.wake(behindCrawlTurn(crawlId, host));
  }

  /** Runs the page's work while renewing its leases; a renewal lost to a store outage is retried at the next beat. */
  private async renewing<T>(page: FrontierPage, host: string, work: () => Promise<T>): Promise<T> {
    const timer = setInterval(() => {
      const until = new Date(Date.now() + PAGE_LEASE_MS);
      void this.frontier.renew(page.organizationId, page.crawlId, page.id, until).catch(() => undefined);
      void this.gate.renew(page.crawlId, host, pageHolder(page.crawlId, page.id), PAGE_LEASE_MS).catch(() => undefined);
    }, RENEW_MS);
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }

  /** A plan slot for the page: a crawl waits for one, it never answers 429 (decisions.md 9.3 "Load"). */
  private async takeSlot(organizationId: string, holder: string, concurrency: number): Promise<boolean> {
    try {
      await this.limits.acquireSlot(organizationId, holder, concurrency, this.config.slotLeaseMs);
      return true;
    } catch (error) {
      if (isAppError(error) && error.code === ErrorCode.ConcurrencyExceeded) return false;
      throw error;
    }
  }
}
