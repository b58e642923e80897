import type { SiteScope } from '../../infra/discovery/scope.js';
import type { PageRequest } from '../jobs/dto/page-request.js';
import type { SitemapMode } from './dto/map-query.dto.js';

/** GET /map's job options, as stored in the job row: the start page's options and the discovery rules of 9.1. */
export interface MapRequest extends PageRequest {
  readonly limit: number;
  readonly scope: SiteScope;
  readonly includePaths: readonly string[];
  readonly excludePaths: readonly string[];
  readonly sitemap: SitemapMode;
  readonly ignoreQuery: boolean;
}

export type LinkSource = 'sitemap' | 'page';

export interface MapLink {
  readonly url: string;
  readonly source: LinkSource;
  readonly lastmod: string | null;
}

/** The envelope's `data` (decisions.md 9.2). */
export interface MapData {
  readonly links: MapLink[];
  readonly sitemaps: string[];
  readonly skipped: { robots: number; scope: number; excluded: number; duplicate: number };
  readonly truncated: boolean;
}
