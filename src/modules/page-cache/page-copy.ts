import { createHash } from 'node:crypto';
import type { PageOptions } from '../../infra/browser/page-options.js';
import { urlKey } from '../../infra/discovery/url-key.js';
import type { ProxyTier } from '../../config/json-files.js';

/** decisions.md 9.6: the longest `max_age`, 7 days in milliseconds, which is also how long a copy is kept. */
export const MAX_AGE_LIMIT_MS = 604_800_000;

/** What a fetch read of a page, as it is stored and answered again: generic over HTML and documents. */
export interface PageAsRead {
  /** The rendered HTML (js=true), the body as served (js=false), or a document's text. */
  readonly body: string;
  readonly mediaType: string;
  /** True when scripts ran in the page (its `<noscript>` content was not what a reader saw). */
  readonly rendered: boolean;
  readonly finalUrl: string;
  readonly targetStatus: number;
}

/** A stored copy found for a request. */
export interface StoredCopy extends PageAsRead {
  readonly fetchedAt: Date;
}

/**
 * A copy found, its body not read yet: finding it reads a few columns; its body (up to MAX_PAGE_BYTES once unpacked)
 * is read and unpacked only by an answer the caller's limits and credits admitted.
 */
export interface FoundCopy {
  readonly fetchedAt: Date;
  /** The copy whole; null when it was evicted since it was found. */
  read(): Promise<StoredCopy | null>;
}

/** The request that names a copy: the page and how it was fetched. */
export interface CopyRequest {
  readonly url: string;
  readonly page: PageOptions;
  readonly route: CopyRoute;
}

/** The route's part of the fetch options (jobs' RouteRequest has this shape). */
export interface CopyRoute {
  readonly tier: ProxyTier;
  readonly country: string | null;
  readonly city: string | null;
}

/** Where copies are found: the 9.1 key of the requested URL, and the hash of the fetch options (below). */
export interface CopyAddress {
  readonly pageKey: string;
  readonly optionsHash: string;
  /** sha256 of both: the one short column the lookup index holds. */
  readonly lookupHash: string;
}

/**
 * decisions.md 9.6 "same fetch options": pool, js, images, adblock, wait_until, viewport, device_scale_factor, mobile,
 * landscape, touch, user_agent, country, city; listed one by one so that a new page option never changes old hashes.
 */
export function fetchOptionsHash(page: PageOptions, route: CopyRoute): string {
  const { viewport } = page;
  const options = [
    route.tier, page.js, page.images, page.adblock, page.waitUntil, viewport.width, viewport.height,
    viewport.deviceScaleFactor ?? 1, viewport.isMobile ?? false, viewport.isLandscape ?? false, viewport.hasTouch ?? false,
    page.userAgent, route.country, route.city,
  ];
  return sha256(JSON.stringify(options));
}

/** The address of a request's copy; the key keeps the query (GET /crawl has no ignore_query). */
export function copyAddress(request: CopyRequest): CopyAddress {
  const pageKey = urlKey(request.url) ?? request.url;
  const optionsHash = fetchOptionsHash(request.page, request.route);
  return { pageKey, optionsHash, lookupHash: sha256(`${pageKey}\n${optionsHash}`) };
}

/** decisions.md 9.6: only a target's 2xx answers are stored. */
export function isStorable(targetStatus: number): boolean {
  return targetStatus >= 200 && targetStatus < 300;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
