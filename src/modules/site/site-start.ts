import { Injectable } from '@nestjs/common';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { ProxyPoolService } from '../../infra/proxy/proxy-pool.service.js';
import { ROBOTS_MAX_BYTES } from '../../infra/discovery/robots.js';
import { readSitemaps } from '../../infra/discovery/sitemap.js';
import { CrawlContext } from './crawl-context.js';
import { FrontierRepository } from './frontier/frontier.repository.js';
import { routeGet } from './route-get.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';

/**
 * The start page's first step (decisions.md 9.1): robots.txt, read once per crawl through the crawl's proxy route and
 * kept in the crawl's row for every worker; then the sitemaps (unless `sitemap=skip`). Both free.
 */
@Injectable()
export class SiteStart {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly proxies: ProxyPoolService,
    private readonly policy: NetworkPolicy,
    private readonly frontier: FrontierRepository,
  ) {}

  async prepare(context: CrawlContext, deadline: number): Promise<{ context: CrawlContext; sitemapUrls: string[] }> {
    const { request, job } = context;
    const route = await this.proxies.select(request.page.route.tier, { country: request.page.route.country, city: request.page.route.city });
    const get = routeGet(route, this.policy, deadline, request.page.page.userAgent ?? this.config.robotsUserAgent);
    const origin = new URL(request.page.url).origin;
    const answer = await get(`${origin}/robots.txt`, ROBOTS_MAX_BYTES).catch(() => null);
    const robots = answer === null ? { status: 0, body: null } : { status: answer.status, body: answer.body.toString('utf8') };
    await this.frontier.keepRobots(job.organizationId, job.id, robots.status, robots.body);
    const fresh = CrawlContext.of(job, robots, this.config.robotsUserAgent);
    if (request.sitemap === 'skip' || !fresh.robots.allows(new URL(request.page.url))) return { context: fresh, sitemapUrls: [] };
    const roots = fresh.robots.sitemaps.length > 0 ? fresh.robots.sitemaps : [`${origin}/sitemap.xml`];
    const read = await readSitemaps((url, maxBytes) => get(url, maxBytes).catch(() => null), roots).catch(() => null);
    return { context: fresh, sitemapUrls: (read?.urls ?? []).map((entry) => entry.url) };
  }
}
