import { Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { AppError, isAppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { SqlProgramRunner } from '../../infra/database/sql-program.js';
import type { SqlStatement } from '../../infra/database/sql-program.js';
import { NavigationRefused } from '../../infra/browser/navigation-errors.js';
import { LedgerService } from '../billing/ledger.service.js';
import type { RefundRequest } from '../billing/ledger.service.js';
import { outcomeTally } from '../billing/usage.repository.js';
import { utcDay } from '../billing/utc-day.js';
import { WebhookOutbox } from '../webhooks/webhook-outbox.js';
import { wantsModel } from '../crawl/crawl-data.js';
import type { CrawlRequest } from '../crawl/crawl-data.js';
import { CrawlOperation } from '../crawl/crawl.operation.js';
import { JobRunner } from '../jobs/job-runner.service.js';
import { jobDeadlineSignal } from '../jobs/job-signal.js';
import type { JobOutput } from '../jobs/operation.js';
import { CrawlContext, keyHash } from './crawl-context.js';
import { FrontierRepository } from './frontier/frontier.repository.js';
import type { FrontierPage, HopSkip, NewPage, PageRecord, SkipCounts } from './frontier/frontier-types.js';
import { NO_SKIPS } from './frontier/frontier-types.js';
import { pageRequestKey } from './frontier/page-charge.js';
import { donePage, duplicatePage, failedPage, linksOf } from './page-record.js';
import { isBilledFailure } from '../billing/billed-failures.js';
import { SiteEnds } from './site-ends.js';
import { HostGate } from './host-gate.js';
import { siteHost } from '../../infra/discovery/url-key.js';
import { SiteQueue } from './site-queue.js';
import { SiteStart } from './site-start.js';
import { targetPause } from './retry-after.js';
import { pageRequestFor } from './site-request.js';

/** One taken page's work: the start page's robots.txt and sitemaps, the charge, GET /crawl's run, the stored outcome. */
@Injectable()
export class PageWork {
  private readonly logger = new Logger(PageWork.name);

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly frontier: FrontierRepository,
    private readonly ledger: LedgerService,
    private readonly runner: JobRunner,
    private readonly operation: CrawlOperation,
    private readonly start: SiteStart,
    private readonly ends: SiteEnds,
    private readonly queue: SiteQueue,
    private readonly sql: SqlProgramRunner,
    private readonly gate: HostGate,
  ) {}

  /**
   * The page's work; answers whether a request of it went to its host (the crawl's floor there runs from its end): not
   * for a page answered from a stored copy, refused before its request (credits, a stop), or not run again.
   */
  async run(given: CrawlContext, page: FrontierPage, priority: number): Promise<boolean> {
    // Taken again after its runs were lost (its worker died, or its outcome could not be stored) three times: it may be
    // what kills them, so it is not run a fourth time.
    if (page.attempts - page.retries >= LOST_RUNS_AT_MOST) {
      const lost = new AppError(ErrorCode.WorkerLost, `The worker running this page stopped ${LOST_RUNS_AT_MOST} times; it was not run again.`);
      await this.failed(given, page, this.billOf(page, pageRequestFor(given.request, page.url), null), lost, priority);
      return false;
    }
    let context = given;
    let sitemapUrls: string[] = [];
    if (page.depth === 0) {
      try {
        ({ context, sitemapUrls } = await this.start.prepare(context, Date.now() + this.config.jobTimeoutMs));
      } catch (error) {
        // robots.txt could not be read through the pool (its proxy failed twice, or none is left): the crawl fails,
        // nothing charged. A store's outage is thrown on: the page is taken again once it passes.
        if (!isAppError(error) || !PROXY_FAILURES.has(error.code)) throw error;
        await this.ends.fail(page, error.code, error.message);
        return true;
      }
      if (!context.robots.allows(new URL(page.url))) {
        await this.ends.fail(page, ErrorCode.Validation, `robots.txt disallows ${page.url}`);
        return true;
      }
      // decisions.md 9.1: the floor holds after robots.txt and the sitemaps too. The page's own time starts after its wait.
      // A crawl stopped meanwhile (9.4: no new page starts) drops its start page unstarted and uncharged, and ends.
      const stopped = () => this.frontier.stopping(page.organizationId, page.crawlId);
      if (!(await this.gate.waitTurn(page.crawlId, siteHost(new URL(page.url)), Date.now() + context.floorMs, stopped))) {
        await this.ends.stop(page.organizationId, page.crawlId, 'cancelled', page.id);
        return true;
      }
    }
    const deadline = Date.now() + this.config.jobTimeoutMs;
    const options = pageRequestFor(context.request, page.url);
    // decisions.md 9.6: a page the organization fetched with these options less than max_age ago answers from its copy.
    const found = (options.maxAge ?? 0) > 0 ? await this.operation.fromStore(options, page.organizationId) : null;
    // Read before the page is billed as a copy: one evicted since it was found is fetched instead.
    const copy = found && (await found.load()) ? found : null;
    const bill = this.billOf(page, options, copy);
    if (!(await this.charge(context, page, bill))) return false;
    let output: JobOutput;
    const time = jobDeadlineSignal(deadline);
    try {
      const job = { id: page.crawlId, organizationId: page.organizationId };
      // decisions.md 9.1: every main-document hop of a found page is held to the crawl's bounds before it is requested.
      const navigation = heldToBounds(page) ? (url: string) => context.refusedHop(url) : undefined;
      output = copy ? await copy.answer(deadline, time.signal) : await this.runner.perform(this.operation, options, job, { deadline, signal: time.signal, ...(navigation ? { navigation } : {}) });
    } catch (error) {
      await this.failed(context, page, bill, error, priority);
      return copy === null;
    } finally {
      time.dispose();
    }
    // The start page entered the host gate before its robots.txt's Crawl-delay was known: the floor after it is set here, before its links are queued.
    if (page.depth === 0 && context.floorMs > 0 && !copy) await this.gate.pause(page.crawlId, siteHost(new URL(page.url)), context.floorMs);
    await this.delivered(context, page, bill, output, sitemapUrls, priority);
    return copy === null;
  }

  /** What the page costs and under which request key; `copy`: the stored copy that answers it (decisions.md 9.6), if any. */
  private billOf(page: FrontierPage, options: CrawlRequest, copy: { readonly price: number } | null): Bill {
    const host = new URL(page.url).hostname.toLowerCase();
    return { price: copy?.price ?? this.operation.price(options), host, requestKey: pageRequestKey(page), reason: `${copy ? 'cache_hit' : 'site'} ${host}` };
  }

  /** Charged once per page (a retaken page's charge stands); refused for the balance or max_credits: the crawl stops. */
  private async charge(context: CrawlContext, page: FrontierPage, bill: Bill): Promise<boolean> {
    if (await this.frontier.charged(page.organizationId, bill.requestKey)) return true;
    const max = context.request.maxCredits;
    if (max !== null && !(await this.frontier.reserve(page.organizationId, page.crawlId, bill.price, max))) return this.stopForCredits(page);
    try {
      await this.ledger.charge({ organizationId: page.organizationId, requestKey: bill.requestKey, amount: bill.price, reason: bill.reason, jobId: page.crawlId, host: bill.host });
      return true;
    } catch (error) {
      if (max !== null) await this.frontier.unreserve(page.organizationId, page.crawlId, bill.price);
      if (isAppError(error) && error.code === ErrorCode.InsufficientCredits) return this.stopForCredits(page);
      throw error;
    }
  }

  private async stopForCredits(page: FrontierPage): Promise<false> {
    await this.ends.stop(page.organizationId, page.crawlId, 'credits', page.id);
    return false;
  }

  /**
   * The page's charge handed back, made with the outcome that says why (the frontier's transaction). `reason`: the
   * ledger's words when it is not the service's own failure (the default reason).
   */
  private refundOf(page: FrontierPage, bill: Bill, reason?: string): RefundRequest {
    return { organizationId: page.organizationId, requestKey: bill.requestKey, jobId: page.crawlId, host: bill.host, dailyLimited: false, ...(reason ? { reason } : {}) };
  }

  /**
   * Only what a refund handed back leaves the reservation: a replayed refund (a retaken page) left it already. A
   * worker killed between the two keeps the credits reserved: the crawl may stop early, never past max_credits.
   */
  private async unreserve(context: CrawlContext, page: FrontierPage, refunded: number): Promise<void> {
    if (context.request.maxCredits !== null && refunded > 0) await this.frontier.unreserve(page.organizationId, page.crawlId, refunded);
  }

  private async failed(context: CrawlContext, page: FrontierPage, bill: Bill, error: unknown, priority: number): Promise<void> {
    if (error instanceof NavigationRefused) return this.skipped(context, page, bill, error.reason as HopSkip, error.url, priority);
    const code = isAppError(error) ? error.code : ErrorCode.InternalError;
    if (!isAppError(error)) this.logger.error({ err: error, crawlId: page.crawlId, url: page.url }, 'site page crashed');
    const billed = isBilledFailure(code);
    const refund = billed ? null : this.refundOf(page, bill);
    // The start page decides the crawl: it failed on the service's side, so the crawl fails with its error. Its request
    // reached the crawler all the same: one attempt on its host (decisions 3), as any other page's failure is tallied.
    const record = failedPage(code, billed ? bill.price : 0);
    if (page.depth === 0 && refund) {
      const extra = [this.tally(page, bill, false), ...this.owedEvent(context, page)];
      return this.ends.fail(page, code, isAppError(error) ? error.message : 'The start page failed on our side.', extra, { context, record }, refund);
    }
    await this.store(context, page, bill, record, [], NO_SKIPS, null, priority, refund);
  }

  private async delivered(context: CrawlContext, page: FrontierPage, bill: Bill, output: JobOutput, sitemapUrls: string[], priority: number): Promise<void> {
    const pause = targetPause(output.targetStatus, output.type === 'data' ? output.retryAfter : undefined, page.retries);
    if (pause !== null) return this.retryLater(context, page, bill, pause, priority);
    // A hop the browser could not hold back (a stored copy's, say) is seen only now: still never a result.
    const refused = heldToBounds(page) && output.finalUrl ? context.refusedHop(output.finalUrl) : null;
    if (refused) return this.skipped(context, page, bill, refused, output.finalUrl!, priority);
    const ownKey = context.keyOf(page.url);
    const finalKey = output.finalUrl ? context.keyOf(output.finalUrl) : null;
    const alias = finalKey !== null && finalKey !== ownKey ? { url: output.finalUrl!, keyHash: keyHash(finalKey), depth: page.depth, parent: page.parent } : null;
    const fromSitemaps = context.classify(sitemapUrls, 1, null);
    const fromPage = context.classify(context.request.sitemap === 'only' ? [] : linksOf(output), page.depth + 1, page.url);
    const record = donePage(output, bill.price, wantsModel(context.request.page) || Boolean(context.request.page.extract));
    const taken = await this.store(context, page, bill, record, [...fromSitemaps.pages, ...fromPage.pages], addSkips(fromSitemaps.skips, fromPage.skips), alias, priority);
    // Its redirect landed on a page the crawl took already (decided under the crawl's lock, at the store): a duplicate.
    if (taken !== undefined) {
      await this.store(context, page, bill, duplicatePage(output, taken), [], NO_SKIPS, null, priority, this.refundOf(page, bill, 'refund: a duplicate of a page already taken'));
    }
  }

  /** A target's 429/503 with Retry-After: uncharged, its host paused for the crawl, the page tried again after the pause. */
  private async retryLater(context: CrawlContext, page: FrontierPage, bill: Bill, pauseMs: number, priority: number): Promise<void> {
    await this.gate.pause(page.crawlId, siteHost(new URL(page.url)), pauseMs);
    const refund = this.refundOf(page, bill, 'refund: the target asked to be retried later (Retry-After)');
    const outcome = await this.frontier.release(page.organizationId, page.crawlId, page.id, this.ends.expiresAt(), refund);
    await this.unreserve(context, page, outcome.refunded);
    if (outcome.moved) await this.queue.later(page.organizationId, page.crawlId, page.id, priority, pauseMs);
    if (outcome.ended) await this.ends.ended(page.organizationId, page.crawlId);
  }

  /**
   * A page whose navigation would leave the crawl, out of scope or past robots.txt (decisions.md 9.1): refunded, not a
   * result, counted as a link refused for that reason; its first request reached the target, so it is an attempt.
   */
  private async skipped(context: CrawlContext, page: FrontierPage, bill: Bill, reason: HopSkip, url: string, priority: number): Promise<void> {
    const tally = this.tally(page, bill, false);
    const outcome = await this.frontier.skip({
      organizationId: page.organizationId, crawlId: page.crawlId, pageId: page.id, reason, refusedUrl: url, now: new Date(), expiresAt: this.ends.expiresAt(), extra: [tally],
    }, this.refundOf(page, bill, `refund: its redirect left the crawl (${reason})`));
    await this.unreserve(context, page, outcome.refunded);
    await this.queue.add(page.organizationId, page.crawlId, outcome.added, priority);
    if (outcome.ended) await this.ends.ended(page.organizationId, page.crawlId);
  }

  /** A stored page's site.page event, owed with its record (webhook-outbox.ts) when the crawl asked for page events. */
  private owedEvent(context: CrawlContext, page: FrontierPage): SqlStatement[] {
    if (!context.request.pageEvents || !context.job.webhookUrl) return [];
    return [WebhookOutbox.oweStatement(this.sql.dialect, { organizationId: page.organizationId, jobId: page.crawlId, pageId: page.id }, new Date())];
  }

  /** decisions.md 3: every page that reached the target is one attempt on its host; a billed success also one crawl. */
  private tally(page: FrontierPage, bill: Bill, succeeded: boolean): SqlStatement {
    return outcomeTally(this.sql.dialect, page.organizationId, utcDay(), bill.host, { attempt: true, crawl: succeeded });
  }

  /** Stores the page's record; answers the URL of the page its redirect (`alias`) duplicates, when it does (nothing stored). */
  private async store(
    context: CrawlContext, page: FrontierPage, bill: Bill, record: PageRecord, links: NewPage[], skips: SkipCounts, alias: NewPage | null, priority: number,
    refund: RefundRequest | null = null,
  ): Promise<string | undefined> {
    const tally = this.tally(page, bill, record.state === 'done' && record.error === null);
    const outcome = await this.frontier.finish({
      organizationId: page.organizationId, crawlId: page.crawlId, pageId: page.id, record, links, alias, skips, limit: context.request.limit,
      now: new Date(), expiresAt: this.ends.expiresAt(), extra: [tally, ...this.owedEvent(context, page)],
    }, refund);
    if (outcome.duplicateOf !== undefined) return outcome.duplicateOf;
    await this.unreserve(context, page, outcome.refunded);
    if (page.depth === 0) await this.start.forget(page.crawlId);
    if (!outcome.kept) return;
    await this.queue.add(page.organizationId, page.crawlId, outcome.added, priority);
    await this.ends.pageStored(context, page, record, outcome.seq);
    if (outcome.ended) await this.ends.ended(page.organizationId, page.crawlId);
  }
}

/** Runs of a page lost (claims that ended neither stored nor handed back: a worker died, a store failed) before it is failed instead. */
const LOST_RUNS_AT_MOST = 3;

/** What the start page's robots.txt reading fails with on the pool's side (site-start.ts). */
const PROXY_FAILURES: ReadonlySet<string> = new Set([ErrorCode.ProxyFailed, ErrorCode.ProxyPoolUnavailable]);

interface Bill {
  readonly price: number;
  readonly host: string;
  readonly requestKey: string;
  /** The ledger's reason: `site <host>`, or `cache_hit <host>` for a page answered from a stored copy. */
  readonly reason: string;
}

function addSkips(a: SkipCounts, b: SkipCounts): SkipCounts {
  return { robots: a.robots + b.robots, scope: a.scope + b.scope, excluded: a.excluded + b.excluded, depth: a.depth + b.depth, duplicate: a.duplicate + b.duplicate, limit: a.limit + b.limit };
}

/**
 * Whether a page's redirects are held to the crawl's bounds: every page but the start page. The start URL was checked
 * against robots.txt before the crawl began (9.3), and it is fetched as GET /crawl fetches it, its redirects followed:
 * a site whose home moved (to https, to www.) still answers its start page, as before this rule.
 */
function heldToBounds(page: FrontierPage): boolean {
  return page.depth > 0;
}
