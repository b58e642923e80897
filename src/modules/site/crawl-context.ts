import { createHash } from 'node:crypto';
import type { Job } from '../../infra/database/entities/index.js';
import { robotsRules } from '../../infra/discovery/robots.js';
import type { RobotsRules } from '../../infra/discovery/robots.js';
import { boundsFilter, urlFilter } from '../../infra/discovery/url-classifier.js';
import type { BoundsVerdict, FilterVerdict } from '../../infra/discovery/url-classifier.js';
import { MAX_LINKS_PER_PAGE } from '../../infra/discovery/link-filter.js';
import { urlKey } from '../../infra/discovery/url-key.js';
import { parseHttpUrl } from '../../infra/network/url-syntax.js';
import type { NewPage, SkipCounts } from './frontier/frontier-types.js';
import { NO_SKIPS } from './frontier/frontier-types.js';
import type { SiteRequest } from './site-request.js';

/** The frontier's unique key: a URL key can be 2,048 characters, past what a MariaDB index holds. */
export const keyHash = (key: string): string => createHash('sha256').update(key).digest('hex');

/** What every worker knows of a crawl once its robots.txt is read: its options and its filter of URLs (9.1). */
export class CrawlContext {
  private readonly filter: (url: URL) => FilterVerdict;
  private readonly bounds: (url: URL) => BoundsVerdict;

  constructor(
    readonly job: Job,
    readonly request: SiteRequest,
    readonly robots: RobotsRules,
  ) {
    const start = new URL(request.page.url);
    this.filter = urlFilter({ start, scope: request.scope, includePaths: request.includePaths, excludePaths: request.excludePaths, robots, ignoreQuery: request.ignoreQuery });
    this.bounds = boundsFilter({ start, scope: request.scope, robots });
  }

  static of(job: Job, robots: { status: number; body: string | null } | null, userAgent: string): CrawlContext {
    const answer = robots === null ? { status: 404, body: '' } : robots.body === null ? 'unreachable' as const : { status: robots.status, body: robots.body };
    return new CrawlContext(job, JSON.parse(job.options) as SiteRequest, robotsRules(answer, userAgent));
  }

  keyOf(url: string): string | null {
    return urlKey(url, { ignoreQuery: this.request.ignoreQuery });
  }

  /**
   * Why a page's navigation may not go to `url` (a redirect hop, a script's or a meta refresh's navigation): out of the
   * crawl's scope, or disallowed by robots.txt (9.1); null when it may.
   */
  refusedHop(url: string): Exclude<BoundsVerdict, 'take'> | null {
    const parsed = parseHttpUrl(url).url;
    const verdict = parsed ? this.bounds(parsed) : 'scope';
    return verdict === 'take' ? null : verdict;
  }

  /** The floor between two requests of this crawl to one host: `delay`, or robots.txt's Crawl-delay when longer. */
  get floorMs(): number {
    return Math.max(this.request.delayMs, this.robots.crawlDelayMs ?? 0);
  }

  /**
   * Links of a page at `depth` (`parent` its URL), or sitemap URLs at depth 1 (no parent): each kept once, in order,
   * and the rest counted by why they were left out. A page's links stop at the 1,000th taken (decisions.md 9.1: "at
   * most 1,000 links are taken from one page": off-site or image links before them use none of it); sitemaps have
   * their own bounds (50,000 URLs, sitemaps.ts). Duplicates of keys already taken are the frontier's to count.
   */
  classify(urls: readonly string[], depth: number, parent: string | null): { pages: NewPage[]; skips: SkipCounts } {
    const skips = { ...NO_SKIPS };
    const pages: NewPage[] = [];
    const seen = new Set<string>();
    const cap = parent === null ? Infinity : MAX_LINKS_PER_PAGE;
    let taken = 0;
    for (const raw of urls) {
      if (taken >= cap) break;
      // The URL the service accepts (GET /crawl's rule): one with a user name and password is never taken.
      const url = parseHttpUrl(raw).url;
      const key = url ? urlKey(url, { ignoreQuery: this.request.ignoreQuery }) : null;
      if (!url || key === null) {
        skips.scope += 1;
        continue;
      }
      // A link the page repeats is a duplicate, as GET /map counts it (the frontier counts keys other pages took).
      if (seen.has(key)) {
        skips.duplicate += 1;
        continue;
      }
      seen.add(key);
      const verdict = this.filter(url);
      if (verdict === 'take') taken += 1;
      if (verdict !== 'take') skips[verdict] += 1;
      else if (depth > this.request.maxDepth) skips.depth += 1;
      else pages.push({ url: url.href, keyHash: keyHash(key), depth, parent });
    }
    return { pages, skips };
  }
}
