import { MAX_DISCOVERY_LINKS } from '../../infra/content/links.js';
import type { DiscoveryScope } from '../../infra/discovery/url-classifier.js';
import type { CrawlRequest } from '../crawl/crawl-data.js';

export type SitemapMode = 'include' | 'skip' | 'only';

/** decisions.md 9.3: a site crawl's options as its job row keeps them (JSON). */
export interface SiteRequest extends DiscoveryScope {
  /** The page options of every page, as GET /crawl's job keeps them; its `url` is the start URL. */
  readonly page: CrawlRequest;
  readonly limit: number;
  readonly maxDepth: number;
  readonly sitemap: SitemapMode;
  readonly delayMs: number;
  readonly maxCredits: number | null;
  /** Also a `site.page` event per stored page. */
  readonly pageEvents: boolean;
}

/**
 * The crawl's page options for one page of it. Its links are read as GET /map reads them (decisions 9.1 caps the links
 * *taken* from a page at 1,000, not the links read): the record keeps 8.1's first 1,000 (page-record.ts).
 */
export function pageRequestFor(site: SiteRequest, url: string): CrawlRequest {
  return { ...site.page, url, ...(site.page.content ? { content: { ...site.page.content, maxLinks: MAX_DISCOVERY_LINKS } } : {}) };
}
