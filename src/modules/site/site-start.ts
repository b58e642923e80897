import { Injectable, Logger } from '@nestjs/common';
import { isAppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { Redis } from 'ioredis';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { ProxyPoolService } from '../../infra/proxy/proxy-pool.service.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import { ROBOTS_MAX_BYTES } from '../../infra/discovery/robots.js';
import { readSitemaps, sitemapRoots } from '../../infra/discovery/sitemap.js';
import { CrawlContext } from './crawl-context.js';
import { FrontierRepository } from './frontier/frontier.repository.js';
import { HostGate } from './host-gate.js';
import { siteHost } from '../../infra/discovery/url-key.js';
import { routeGet } from './route-get.js';
import type { RouteGet } from './route-get.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';

const sitemapsKey = (crawlId: string) => `crawlgate:site:sitemaps:${crawlId}`;

/**
 * The start page's first step (decisions.md 9.1): robots.txt, read once per crawl through the crawl's proxy route and
 * kept in the crawl's row for every worker; then the sitemaps (unless `sitemap=skip`), at the floor robots.txt names
 * (the host gate's, as pages). Both free.
 *
 * Once per crawl, retries included: a start page the target answered 429 or 503 with Retry-After is taken again, maybe
 * by another worker, and reuses what was read. robots.txt lives in the database with the crawl. The sitemaps' URLs live
 * in Redis (shared by every worker) until the start page is stored or the crawl ends: a Redis restarted empty in between
 * loses them, and the retry then reads the sitemaps once more, as it does after a reading that failed.
 */
@Injectable()
export class SiteStart {
  private readonly logger = new Logger(SiteStart.name);

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly proxies: ProxyPoolService,
    private readonly policy: NetworkPolicy,
    private readonly frontier: FrontierRepository,
    @InjectRedis() private readonly redis: Redis,
    private readonly gate: HostGate,
  ) {}

  async prepare(context: CrawlContext, deadline: number): Promise<{ context: CrawlContext; sitemapUrls: string[] }> {
    const { request, job } = context;
    let get: Promise<RouteGet> | null = null;
    // The proxy route is chosen only when something is fetched: a retry that has both kept chooses none.
    const fetcher = () => (get ??= this.routeGet(context, deadline));
    const origin = new URL(request.page.url).origin;
    const keptRobots = await this.frontier.robots(job.organizationId, job.id);
    // A proxy that failed is no verdict of the target's (decisions 8.4): another route of the pool is tried once, and a
    // second failure fails the start page (proxy_failed), robots.txt unread and not kept.
    const robots = keptRobots ?? (await this.readRobots(context, origin, await fetcher()).catch(async (error: unknown) => {
      if (!isAppError(error) || error.code !== ErrorCode.ProxyFailed) throw error;
      get = null;
      return this.readRobots(context, origin, await fetcher());
    }));
    const fresh = CrawlContext.of(job, robots, this.config.robotsUserAgent);
    // robots.txt was the crawl's first request to its host: the floor it names runs from that request's end.
    if (!keptRobots && fresh.floorMs > 0) await this.gate.pause(job.id, siteHost(new URL(origin)), fresh.floorMs);
    if (request.sitemap === 'skip' || !fresh.robots.allows(new URL(request.page.url))) return { context: fresh, sitemapUrls: [] };
    const kept = await this.redis.get(sitemapsKey(job.id));
    if (kept !== null) return { context: fresh, sitemapUrls: JSON.parse(kept) as string[] };
    const roots = sitemapRoots(new URL(request.page.url), fresh.robots);
    let sitemapUrls: string[];
    const readAll = async () => (await readSitemaps(this.paced(fresh, await fetcher(), deadline), roots)).urls.map((entry) => entry.url);
    try {
      // A sitemap the target does not answer is read as none (route-get.ts); a proxy that failed is no verdict of the
      // target's (decisions 8.4): they are read again through another route of the pool, once.
      sitemapUrls = await readAll().catch(async (error: unknown) => {
        if (!isAppError(error) || error.code !== ErrorCode.ProxyFailed) throw error;
        get = null;
        return readAll();
      });
    } catch (error) {
      // Not kept: a retry of the start page reads them again.
      this.logger.warn({ err: error, crawlId: job.id }, 'sitemaps not read; the crawl goes on from its start page');
      return { context: fresh, sitemapUrls: [] };
    }
    // Kept for the start page's retries, until the crawl's start page is stored or the crawl ends (SiteEnds.ended).
    await this.redis.set(sitemapsKey(job.id), JSON.stringify(sitemapUrls), 'PX', this.config.site.maxHours * 3_600_000);
    return { context: fresh, sitemapUrls };
  }

  /**
   * Sitemap fetches keep the crawl's floor at their host as pages do (decisions 9.1): each waits its turn, the next one
   * waits for its end; one whose turn comes past the deadline, or after the crawl stopped (a cancel), is not read.
   */
  private paced(context: CrawlContext, get: RouteGet, deadline: number): RouteGet {
    const floorMs = context.floorMs;
    const stopped = () => this.frontier.stopping(context.job.organizationId, context.job.id);
    return async (url, maxBytes) => {
      const host = siteHost(new URL(url));
      if (!(await this.gate.waitTurn(context.job.id, host, deadline, stopped)) || Date.now() >= deadline) return null;
      try {
        // A sitemap the deadline cut off is read as none, as one the target does not answer: what was read stays. Only
        // the proxy's own failure goes on (another route reads the sitemaps again).
        return await get(url, maxBytes).catch((error: unknown) => {
          if (isAppError(error) && error.code === ErrorCode.ProxyFailed) throw error;
          return null;
        });
      } finally {
        if (floorMs > 0) await this.gate.pause(context.job.id, host, floorMs);
      }
    };
  }

  /** The start page is stored, or the crawl ended: the start page is never taken again, its sitemaps' URLs no longer needed. */
  async forget(crawlId: string): Promise<void> {
    await this.redis.del(sitemapsKey(crawlId));
  }

  private async routeGet(context: CrawlContext, deadline: number): Promise<RouteGet> {
    const { route: asked, page } = context.request.page;
    const route = await this.proxies.select(asked.tier, { country: asked.country, city: asked.city });
    return routeGet(route, this.policy, deadline, page.userAgent ?? this.config.robotsUserAgent, (failed, reason, fault) => this.proxies.reportFault(failed, reason, fault));
  }

  private async readRobots(context: CrawlContext, origin: string, get: RouteGet): Promise<{ status: number; body: string | null }> {
    const answer = await get(`${origin}/robots.txt`, ROBOTS_MAX_BYTES);
    const robots = answer === null ? { status: 0, body: null } : { status: answer.status, body: answer.body.toString('utf8') };
    await this.frontier.keepRobots(context.job.organizationId, context.job.id, robots.status, robots.body);
    return robots;
  }
}
