import type { ProxyRoute } from '../../infra/proxy/proxy-route.js';
import type { NetworkPolicy } from '../../infra/network/network-policy.js';

/** One bounded GET through the crawl's proxy route (robots.txt, sitemaps): null when nothing readable came back. */
export type RouteGet = (url: string, maxBytes: number) => Promise<{ status: number; body: Buffer; truncated?: boolean } | null>;

/**
 * Seam for wt-discovery's routeFetch (infra/proxy/route-fetch.ts): until it lands, robots.txt and sitemaps are not
 * fetched (robots.txt answers as a 404: everything allowed; no sitemap URLs).
 */
export function routeGet(_route: ProxyRoute, _policy: NetworkPolicy, _deadline: number): RouteGet {
  return async () => ({ status: 404, body: Buffer.alloc(0) });
}

export const ROBOTS_USER_AGENT = 'Crawlgate';
