import { deadlineSignal } from '../../common/time/deadline.js';
import type { NetworkPolicy } from '../../infra/network/network-policy.js';
import { nothingRead, routeFetch } from '../../infra/proxy/route-fetch.js';
import type { ProxyRoute } from '../../infra/proxy/proxy-route.js';
import type { ProxyFaultListener } from '../../infra/proxy/relay/relay-slot.js';

/**
 * One bounded GET through the crawl's proxy route (robots.txt, sitemaps): null when nothing readable came back from
 * the target; the proxy's own failure throws proxy_failed (route-fetch.ts nothingRead), never read as the target's.
 */
export type RouteGet = (url: string, maxBytes: number) => Promise<{ status: number; body: Buffer; truncated?: boolean } | null>;

/** robots.txt and sitemaps (decisions.md 9.1): through the crawl's proxy route and the network policy on every hop, free, no script. */
export function routeGet(route: ProxyRoute, policy: NetworkPolicy, deadline: number, userAgent: string, onProxyFault: ProxyFaultListener): RouteGet {
  const signal = deadlineSignal(deadline);
  // Only a non-2xx answer's status is read (robots.txt: 4xx allows, 5xx refuses; a sitemap is skipped): never its body.
  const otherStatusMaxBytes = 0;
  return (url, maxBytes) => routeFetch(route, url, { maxBytes, otherStatusMaxBytes, signal, policy, userAgent, onProxyFault }).catch(nothingRead);
}
