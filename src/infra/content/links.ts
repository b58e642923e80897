import { collapseWhitespace } from './whitespace.js';
import { linkText } from './unnested-anchors.js';
import { absoluteHttpUrl } from './resolve-url.js';

export const MAX_LINKS = 1000;
/** Distinct links a discovery reads from one page before it filters them (GET /map takes 1,000 of those in scope). */
export const MAX_DISCOVERY_LINKS = 100_000;

export interface PageLink {
  readonly url: string;
  readonly text: string;
}

/**
 * decisions.md 8.1: every `<a href>` of the whole page with an http(s) target, absolute, fragment removed,
 * de-duplicated by URL keeping the first text, in document order, then cut at 1,000 (`max`: discovery reads more).
 */
export function pageLinks(document: Document, baseUrl: string, max = MAX_LINKS): PageLink[] {
  const seen = new Map<string, string>();
  for (const anchor of document.querySelectorAll('a[href]')) {
    const url = absoluteHttpUrl(anchor.getAttribute('href') ?? '', baseUrl);
    if (url === null) continue;
    const withoutFragment = url.split('#')[0];
    if (!seen.has(withoutFragment)) seen.set(withoutFragment, collapseWhitespace(linkText(anchor)).trim());
    if (seen.size === max) break;
  }
  return [...seen].map(([url, text]) => ({ url, text }));
}
