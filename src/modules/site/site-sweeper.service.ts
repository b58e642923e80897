import { Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { redisNow } from '../../infra/redis/lease-set.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import { SharedSweep } from '../../infra/redis/shared-sweep.js';
import { OrganizationRepository } from '../auth/organization.repository.js';
import { LimitsService } from '../billing/limits.service.js';
import { pageHolder, pageOfHolder } from '../jobs/slot-keeper.service.js';
import { limitsFor } from '../billing/plan-limits.js';
import { FrontierRepository } from './frontier/frontier.repository.js';
import { SiteEnds } from './site-ends.js';
import { SiteQueue } from './site-queue.js';

const PERIOD_MS = 5_000;
/** A waiting page not (re)queued for this long lost its Bull job (Redis restarted empty): queued again from its row. */
export const STALE_WAITING_MS = 10_000;
const TURN_KEY = 'crawlgate:site-sweeper:turn';
/** An organization gone meanwhile: its pages, if any still run, go last. */
const LAST_PRIORITY = 1_000;

/**
 * The frontier's upkeep, by one process a period: pages of a dead worker (lease run out) waiting again, waiting pages
 * whose queue entry vanished queued again, crawls past SITE_MAX_HOURS stopped (an expired crawl's rows go with its job:
 * JobRepository.deleteExpired).
 */
@Injectable()
export class SiteSweeper extends SharedSweep {
  protected readonly logger = new Logger(SiteSweeper.name);

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectRedis() redis: Redis,
    private readonly frontier: FrontierRepository,
    private readonly queue: SiteQueue,
    private readonly limits: LimitsService,
    private readonly ends: SiteEnds,
    private readonly organizations: OrganizationRepository,
  ) {
    super(redis, { key: TURN_KEY, periodMs: PERIOD_MS, what: 'site sweep' });
  }

  protected async round(now: number): Promise<void> {
    const priority = this.planPriorities();
    for (const page of await this.frontier.recoverLost(new Date(now))) {
      this.logger.warn({ crawlId: page.crawlId, url: page.url }, 'site page lost with its worker; taken again');
      await this.limits.releaseSlot(page.organizationId, pageHolder(page.crawlId, page.id));
      await this.queue.add(page.organizationId, page.crawlId, [page.id], await priority(page.organizationId));
    }
    for (const page of await this.queue.unmarked(await this.frontier.staleWaiting(new Date(now - STALE_WAITING_MS)))) {
      this.logger.warn({ crawlId: page.crawlId, url: page.url }, 'waiting site page missing from the queue; queued again');
      await this.queue.later(page.organizationId, page.crawlId, page.id, await priority(page.organizationId), 0);
    }
    for (const crawl of await this.frontier.overdue(new Date(now - this.config.site.maxHours * 3_600_000))) await this.ends.stop(crawl.organizationId, crawl.crawlId, 'time_limit', null);
    await this.freeSlotsOfIdlePages();
  }

  /** Each organization's plan priority, read once a round: a page queued again keeps its place by plan (decisions.md 9.3). */
  private planPriorities(): (organizationId: string) => Promise<number> {
    const known = new Map<string, Promise<number>>();
    return (organizationId) => {
      let priority = known.get(organizationId);
      if (!priority) {
        priority = this.organizations.getById(organizationId).then((organization) => (organization ? limitsFor(this.config.plans, organization).priority : LAST_PRIORITY));
        known.set(organizationId, priority);
      }
      return priority;
    };
  }

  /**
   * A page's plan slot (`<crawl>/<page>`) is held from before its claim to after its record: one whose page does not
   * run a lease after it was taken lost its release with its worker (killed after the record, or before the claim).
   * The SlotKeeper renews every slot of a live crawl, so without this the organization would lose it for the crawl.
   */
  private async freeSlotsOfIdlePages(): Promise<void> {
    const now = await redisNow(this.redis);
    const taken = (await this.limits.slotHolders())
      .map((slot) => ({ slot, pageId: pageOfHolder(slot.holder) }))
      .filter(({ slot, pageId }) => pageId !== null && now - slot.since > this.config.slotLeaseMs);
    if (taken.length === 0) return;
    const running = await this.frontier.running(taken.map(({ pageId }) => pageId!));
    for (const { slot, pageId } of taken) {
      if (running.has(pageId!)) continue;
      // As read above: a retake of the page that took the slot again meanwhile keeps it.
      if (await this.limits.releaseSlotAsSeen(slot)) this.logger.warn({ holder: slot.holder }, 'plan slot of a site page that no longer runs; freed');
    }
  }
}
