import { followable } from './link-filter.js';
import { pathMatcher } from './path-globs.js';
import type { RobotsRules } from './robots.js';
import { scopeMatcher, type SiteScope } from './scope.js';
import { parseHttpUrl } from '../network/url-syntax.js';
import { urlKey } from './url-key.js';

/** What 9.1 makes of one discovered URL; the skipped ones are counted under their name. */
export type UrlVerdict = 'take' | 'robots' | 'scope' | 'excluded' | 'duplicate';
export type FilterVerdict = Exclude<UrlVerdict, 'duplicate'>;

/** What a caller chooses of 9.1's rules: GET /map and POST /site keep these options as they are. */
export interface DiscoveryScope {
  readonly scope: SiteScope;
  readonly includePaths: readonly string[];
  readonly excludePaths: readonly string[];
  readonly ignoreQuery: boolean;
}

export interface DiscoveryRules extends DiscoveryScope {
  readonly start: URL;
  readonly robots: RobotsRules;
}

/**
 * The whole path, percent-decoded, as include_paths and exclude_paths see it. An escape that is no UTF-8 stays as
 * written and the rest is decoded still: one bad byte must not hide `/%61dmin/` from an exclude of `/admin/**`.
 */
export function decodedPath(url: URL): string {
  return url.pathname.replace(/(?:%[0-9A-Fa-f]{2})+/g, decodedRun);
}

/** A run of escapes decoded by its longest valid UTF-8 sequences (at most 4 bytes), an invalid byte kept escaped. */
function decodedRun(run: string): string {
  if (decodes(run)) return decodeURIComponent(run);
  let out = '';
  for (let at = 0; at < run.length; ) {
    const length = [12, 9, 6, 3].find((chars) => at + chars <= run.length && decodes(run.slice(at, at + chars))) ?? 0;
    out += length === 0 ? run.slice(at, at + 3) : decodeURIComponent(run.slice(at, at + length));
    at += length === 0 ? 3 : length;
  }
  return out;
}

function decodes(escapes: string): boolean {
  try {
    decodeURIComponent(escapes);
    return true;
  } catch {
    return false;
  }
}

/** Whether a URL is in the crawl at all: in scope and allowed by robots.txt. */
export type BoundsVerdict = Extract<FilterVerdict, 'take' | 'scope' | 'robots'>;

/**
 * The crawl's bounds (9.1 "never another site", "robots.txt is obeyed for every URL"): what every URL the crawl
 * requests is held to, a redirect hop as much as a link. The patterns are the links' alone: they choose pages, not hops.
 */
export function boundsFilter(rules: Pick<DiscoveryRules, 'start' | 'scope' | 'robots'>): (url: URL) => BoundsVerdict {
  const inScope = scopeMatcher(rules.start, rules.scope);
  return (url) => (!inScope(url) ? 'scope' : rules.robots.allows(url) ? 'take' : 'robots');
}

/**
 * The rules without memory, in this order: scope (an unusable or not-followed URL counts as excluded), then the
 * patterns (the start URL exempt), then robots.txt (the start URL included), the dearest, asked last: never about a
 * URL over 2,048 characters. POST /site keeps its own "seen".
 */
export function urlFilter(rules: DiscoveryRules): (url: URL) => FilterVerdict {
  const inScope = scopeMatcher(rules.start, rules.scope);
  const bounds = boundsFilter(rules);
  const included = pathMatcher(rules.includePaths);
  const excluded = pathMatcher(rules.excludePaths);
  const startKey = urlKey(rules.start, { ignoreQuery: rules.ignoreQuery });
  return (url) => {
    if (!inScope(url)) return 'scope';
    if (!followable(url)) return 'excluded';
    if (urlKey(url, { ignoreQuery: rules.ignoreQuery }) !== startKey) {
      const path = decodedPath(url);
      if (excluded(path)) return 'excluded';
      if (rules.includePaths.length > 0 && !included(path)) return 'excluded';
    }
    return bounds(url);
  };
}

/** One discovery's verdicts with the keys it took: the second URL of a taken key is a duplicate. */
export class UrlClassifier {
  private readonly filter: (url: URL) => FilterVerdict;
  private readonly taken = new Set<string>();

  constructor(private readonly rules: DiscoveryRules) {
    this.filter = urlFilter(rules);
  }

  /** The verdict, and the key recorded as taken when the verdict is `take`. */
  classify(url: string | URL): { verdict: UrlVerdict; key: string | null } {
    // The URL the service accepts (GET /crawl's rule): one with a user name and password is never taken or listed.
    const parsed = parseHttpUrl(typeof url === 'string' ? url : url.href).url;
    const key = parsed === null ? null : urlKey(parsed, { ignoreQuery: this.rules.ignoreQuery });
    if (parsed === null || key === null) return { verdict: 'scope', key: null };
    const verdict = this.filter(parsed);
    if (verdict !== 'take') return { verdict, key };
    if (this.taken.has(key)) return { verdict: 'duplicate', key };
    this.taken.add(key);
    return { verdict, key };
  }
}
