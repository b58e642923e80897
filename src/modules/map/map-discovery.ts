import { AppError } from '../../common/errors/app-error.js';
import { MAX_LINKS_PER_PAGE } from '../../infra/discovery/link-filter.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { robotsRules, type RobotsAnswer, type RobotsRules } from '../../infra/discovery/robots.js';
import { readSitemaps, SITEMAP_BOUNDS, sitemapRoots, type SitemapFetch, type SitemapsRead } from '../../infra/discovery/sitemap.js';
import { UrlClassifier } from '../../infra/discovery/url-classifier.js';
import { HostFloor } from './host-floor.js';
import type { LinkSource, MapData, MapLink, MapRequest } from './map-request.js';

/** What a map reads, injected so the rules below run without a network or a browser. */
export interface MapSources {
  /** The product token robots.txt groups are matched against (ROBOTS_USER_AGENT). */
  readonly robotsToken: string;
  /** robots.txt at most 500 KiB, or 'unreachable'. */
  robots(url: string): Promise<RobotsAnswer>;
  /** One sitemap file; null when it could not be read. */
  readonly sitemap: SitemapFetch;
  /** The start page's links in document order (at most 1,000), read as GET /crawl reads the page. */
  pageLinks(): Promise<string[]>;
  /** Epoch ms past which no request starts: a sitemap whose turn (Crawl-delay) comes later is left out (truncated). */
  readonly deadline: number;
}

const NO_SITEMAPS: SitemapsRead = { urls: [], sitemaps: [], truncated: false };

/**
 * decisions.md 9.2: robots.txt first (the start URL refused: 422 on `url`), then the start page's links (its failure
 * fails the map), then the sitemaps; sitemap URLs come first in the answer, then the page's, unique by key, cut at limit.
 * robots.txt's Crawl-delay spaces the requests to each host (9.1).
 */
export async function discoverSite(options: MapRequest, sources: MapSources): Promise<MapData> {
  const start = new URL(options.url);
  const floor = new HostFloor(sources.deadline);
  const robotsUrl = new URL('/robots.txt', start).href;
  const robots = robotsRules(await floor.must(robotsUrl, () => sources.robots(robotsUrl)), sources.robotsToken);
  if (!robots.allows(start)) throw robotsRefusal(`robots.txt disallows ${options.url} for ${sources.robotsToken}.`);
  floor.set(robots.crawlDelayMs ?? 0);
  const pageLinks = options.sitemap === 'only' ? [] : await floor.must(options.url, () => sources.pageLinks());
  const sitemap: SitemapFetch = (url, maxBytes) => floor.turn(url, () => sources.sitemap(url, maxBytes));
  const read = options.sitemap === 'skip' ? NO_SITEMAPS : await readSitemaps(sitemap, sitemapRoots(start, robots), SITEMAP_BOUNDS);
  const sitemaps = floor.cutShort ? { ...read, truncated: true } : read;
  const collector = new LinkCollector(options, robots);
  for (const entry of sitemaps.urls) collector.offer(entry.url, 'sitemap', entry.lastmod);
  for (const url of pageLinks) collector.offer(url, 'page', null);
  return { links: collector.links, sitemaps: sitemaps.sitemaps, skipped: collector.skipped, truncated: collector.truncated || sitemaps.truncated };
}

/** 422 on `url`; its message is the bare reason, as the job row keeps it and MapOperation.refusal answers it. */
function robotsRefusal(reason: string): AppError {
  return new AppError(ErrorCode.Validation, reason, { errors: { url: [reason] } });
}

/** Every discovered URL through 9.1's verdict; the taken ones kept up to `limit`. */
class LinkCollector {
  readonly links: MapLink[] = [];
  readonly skipped = { robots: 0, scope: 0, excluded: 0, duplicate: 0 };
  truncated = false;
  private readonly classifier: UrlClassifier;
  /** Links taken from the start page so far. */
  private fromPage = 0;

  constructor(
    private readonly options: MapRequest,
    robots: RobotsRules,
  ) {
    this.classifier = new UrlClassifier({
      start: new URL(options.url),
      scope: options.scope,
      includePaths: options.includePaths,
      excludePaths: options.excludePaths,
      robots,
      ignoreQuery: options.ignoreQuery,
    });
  }

  offer(raw: string, source: LinkSource, lastmod: string | null): void {
    // decisions.md 9.1: at most 1,000 links are taken from one page; what follows the 1,000th is not read.
    if (source === 'page' && this.fromPage >= MAX_LINKS_PER_PAGE) return;
    const { verdict } = this.classifier.classify(raw);
    if (verdict !== 'take') {
      this.skipped[verdict] += 1;
      return;
    }
    if (source === 'page') this.fromPage += 1;
    if (this.links.length >= this.options.limit) {
      this.truncated = true;
      return;
    }
    const url = new URL(raw);
    url.hash = '';
    this.links.push({ url: url.href, source, lastmod });
  }
}
