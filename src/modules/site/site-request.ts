import type { SiteScope } from '../../infra/discovery/scope.js';
import type { CrawlRequest } from '../crawl/crawl-data.js';

export type SitemapMode = 'include' | 'skip' | 'only';

/** decisions.md 9.3: a site crawl's options as its job row keeps them (JSON). */
export interface SiteRequest {
  /** The page options of every page, as GET /crawl's job keeps them; its `url` is the start URL. */
  readonly page: CrawlRequest;
  readonly limit: number;
  readonly maxDepth: number;
  readonly scope: SiteScope;
  readonly includePaths: readonly string[];
  readonly excludePaths: readonly string[];
  readonly sitemap: SitemapMode;
  readonly ignoreQuery: boolean;
  readonly delayMs: number;
  readonly maxCredits: number | null;
  /** Also a `site.page` event per stored page. */
  readonly pageEvents: boolean;
}

/** The crawl's page options for one page of it. */
export function pageRequestFor(site: SiteRequest, url: string): CrawlRequest {
  return { ...site.page, url };
}
