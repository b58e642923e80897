/** decisions.md 9.1 "Same URL": the key two URLs share when they are one page. */

const TRACKING_PARAM = /^(utm_.*|gclid|fbclid|msclkid)$/;
const INDEX_FILE = /\/index\.(html|htm|php)$/;
const UNRESERVED = /[A-Za-z0-9\-._~]/;

export interface UrlKeyOptions {
  /** GET /map's and POST /site's `ignore_query`: the whole query left out of the key. */
  readonly ignoreQuery?: boolean;
}

/** Percent-escapes with upper-case hex, and the unreserved characters (RFC 3986 2.3) decoded. */
export function normalizePercentEncoding(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_match, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/** The path as keys compare it: percent-encoding normalized, a trailing index file folded into its directory. */
export function normalizePath(pathname: string): string {
  return normalizePercentEncoding(pathname).replace(INDEX_FILE, '/');
}

/**
 * A WHATWG-parsed http(s) URL for its key, or null for another scheme or text WHATWG refuses. Keys only: whether a
 * crawl takes a URL is the network policy's syntax rule (url-syntax.ts parseHttpUrl: no user name, a written host).
 */
function asHttpUrl(url: string | URL): URL | null {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : new URL(url.href);
  } catch {
    return null;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
}

/** 9.1's "host": the host name, with its port when the port is not the scheme's default (WHATWG drops it then). */
export function siteHost(url: URL): string {
  return url.host;
}

export function urlKey(url: string | URL, options: UrlKeyOptions = {}): string | null {
  const parsed = asHttpUrl(url);
  if (parsed === null) return null;
  const query = options.ignoreQuery ? '' : keptQuery(parsed.search);
  return `${siteHost(parsed)}${normalizePath(parsed.pathname)}${query === '' ? '' : `?${query}`}`;
}

/** The query without tracking parameters, the others in their order, each part's encoding normalized. */
function keptQuery(search: string): string {
  if (search.length <= 1) return '';
  return search
    .slice(1)
    .split('&')
    .filter((part) => part !== '' && !TRACKING_PARAM.test(decodedName(part)))
    .map(normalizePercentEncoding)
    .join('&');
}

function decodedName(part: string): string {
  const name = part.split('=')[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
