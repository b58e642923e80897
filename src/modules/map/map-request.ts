import type { DiscoveryScope } from '../../infra/discovery/url-classifier.js';
import type { PageRequest } from '../jobs/dto/page-request.js';
import type { SitemapMode } from './dto/map-query.dto.js';

/** GET /map's job options, as stored in the job row: the start page's options and the discovery rules of 9.1. */
export interface MapRequest extends PageRequest, DiscoveryScope {
  readonly limit: number;
  readonly sitemap: SitemapMode;
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
