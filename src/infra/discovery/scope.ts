import { getDomain } from 'tldts';
import { normalizePath, siteHost } from './url-key.js';

/** decisions.md 9.1 `scope`. */
export type SiteScope = 'path' | 'host' | 'domain';

export const SITE_SCOPES: readonly SiteScope[] = ['path', 'host', 'domain'];

const isHttp = (url: URL): boolean => url.protocol === 'http:' || url.protocol === 'https:';

/** The start URL's directory, ending in `/`: `/docs/guide/intro` → `/docs/guide/`. */
export function scopeDirectory(start: URL): string {
  const path = normalizePath(start.pathname);
  return path.slice(0, path.lastIndexOf('/') + 1);
}

/** Whether a URL is in a crawl's scope; http and https of one host are one site, never another site. */
export function scopeMatcher(start: URL, scope: SiteScope): (url: URL) => boolean {
  const host = siteHost(start);
  if (scope === 'host') return (url) => isHttp(url) && siteHost(url) === host;
  if (scope === 'domain') return domainMatcher(start);
  const directory = scopeDirectory(start);
  return (url) => {
    if (!isHttp(url) || siteHost(url) !== host) return false;
    const path = normalizePath(url.pathname);
    // The directory itself without its trailing slash (`/docs/guide`) is in too; `/docs/guide-old` is not.
    return path.startsWith(directory) || `${path}/` === directory;
  };
}

function domainMatcher(start: URL): (url: URL) => boolean {
  // Private suffixes count (github.io, ...): each of their subdomains is another site, never ours.
  const domain = getDomain(start.hostname, { allowPrivateDomains: true });
  const port = start.port;
  if (domain === null) {
    const host = siteHost(start);
    return (url) => isHttp(url) && siteHost(url) === host;
  }
  return (url) =>
    isHttp(url) && url.port === port && (url.hostname === domain || url.hostname.endsWith(`.${domain}`));
}
