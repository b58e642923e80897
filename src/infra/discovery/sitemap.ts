import { absoluteUrl } from '../content/resolve-url.js';
import { parseHttpUrl } from '../network/url-syntax.js';
import type { RobotsRules } from './robots.js';
import { inflate, inflatedPrefix, parseSitemap, wholeEntries, type SitemapContent, type SitemapEntry } from './sitemap-parse.js';
export type { SitemapEntry } from './sitemap-parse.js';

export interface SitemapBounds {
  /** URLs listed, all sitemaps together (9.1: 50,000). */
  readonly maxUrls: number;
  /** Bytes read after decompression, all sitemaps together (9.1: 50 MiB). */
  readonly maxBytes: number;
  /**
   * Levels of sitemap files read: a root is level 1, a sitemap its index lists level 2. 9.1 nests `sitemapindex` files
   * up to 3 levels, so the sitemaps a third-level index lists (level 4) are read, and an index found at level 4 is
   * not followed (whether a file is an index is known only once it is read).
   */
  readonly maxDepth: number;
}

export const SITEMAP_BOUNDS: SitemapBounds = { maxUrls: 50_000, maxBytes: 50 * 1024 * 1024, maxDepth: 4 };

/**
 * Where a crawl or map starts reading sitemaps (9.1): robots.txt's `Sitemap:` lines, each resolved against the
 * robots.txt URL (a relative one included; one that is no http(s) URL dropped), else `/sitemap.xml` of the start host.
 */
export function sitemapRoots(start: URL, robots: Pick<RobotsRules, 'sitemaps'>): string[] {
  const robotsUrl = new URL('/robots.txt', start).href;
  const named = robots.sitemaps.map((line) => parseHttpUrl(absoluteUrl(line, robotsUrl) ?? '').url).filter((url) => url !== null);
  return named.length > 0 ? named.map((url) => url.href) : [new URL('/sitemap.xml', start).href];
}

/** One GET of a sitemap, at most `maxBytes` of body; null when it could not be read. */
export type SitemapFetch = (
  url: string,
  maxBytes: number,
) => Promise<{ status: number; body: Buffer; truncated?: boolean } | null>;

export interface SitemapsRead {
  /** Page URLs in sitemap order: each file's in its order, an index's children in theirs, depth first. */
  readonly urls: SitemapEntry[];
  /** The sitemap files read (a 2xx answer), in the order they were read. */
  readonly sitemaps: string[];
  /** Whether a bound stopped the reading. */
  readonly truncated: boolean;
}

/** Reads the roots and the sitemaps their indexes list, depth first, within the bounds; I/O is the caller's `fetch`. */
export async function readSitemaps(
  fetch: SitemapFetch,
  roots: readonly string[],
  bounds: SitemapBounds = SITEMAP_BOUNDS,
): Promise<SitemapsRead> {
  const state = { urls: [] as SitemapEntry[], sitemaps: [] as string[], seen: new Set<string>(), bytes: 0 };
  let full = false;
  let truncated = false;
  const visit = async (url: string, depth: number): Promise<void> => {
    if (full || state.seen.has(url) || !/^https?:\/\//i.test(url)) return;
    if (depth > bounds.maxDepth) {
      truncated = true;
      return;
    }
    state.seen.add(url);
    const remaining = bounds.maxBytes - state.bytes;
    const answer = await fetch(url, remaining);
    if (answer === null) return;
    if (answer.status < 200 || answer.status >= 300) {
      // 9.1's 50 MiB counts every body read, a 404's as much as a sitemap's. The service's fetch keeps none of a
      // non-2xx body (route-get: otherStatusMaxBytes 0); counted anyway, so the bound holds for any fetch given here.
      state.bytes += answer.body.length;
      if (state.bytes >= bounds.maxBytes) full = truncated = true;
      return;
    }
    const body = answer.truncated ? 'too large' : inflate(answer.body, remaining);
    if (body === 'unreadable') return;
    if (body === 'too large') {
      // 9.1 bounds the bytes read, not the files: the whole entries read within the bound count, and the reading ends.
      full = truncated = true;
      const prefix = await inflatedPrefix(answer.body, remaining);
      // Read it was (a 2xx answer), whatever it held within the bound: listed, with its whole entries (none for a bomb).
      take(url, prefix.length, parseSitemap(wholeEntries(prefix.toString('utf8')), bounds.maxUrls - state.urls.length + 1));
      return;
    }
    // One past the room: enough to know the bound stopped the reading, never the whole of a 50 MiB file.
    const content = parseSitemap(body.toString('utf8'), bounds.maxUrls - state.urls.length + 1);
    take(url, body.length, content);
    for (const child of content.sitemaps) await visit(child, depth + 1);
  };
  const take = (url: string, bytes: number, content: SitemapContent): void => {
    state.bytes += bytes;
    state.sitemaps.push(url);
    const room = bounds.maxUrls - state.urls.length;
    state.urls.push(...content.urls.slice(0, room));
    if (content.urls.length > room) full = truncated = true;
  };
  for (const root of roots) await visit(root, 1);
  return { urls: state.urls, sitemaps: state.sitemaps, truncated };
}
