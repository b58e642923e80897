import { collapsedText } from './whitespace.js';
import { absoluteUrl } from './resolve-url.js';

export const MAX_LINKS = 1000;

export interface PageLink {
  readonly url: string;
  readonly text: string;
}

/**
 * decisions.md 8.1: every `<a href>` of the whole page with an http(s) target, absolute, fragment removed,
 * de-duplicated by URL keeping the first text, in document order, then cut at 1,000.
 */
export function pageLinks(document: Document, baseUrl: string): PageLink[] {
  const seen = new Map<string, string>();
  for (const anchor of document.querySelectorAll('a[href]')) {
    const url = absoluteUrl(anchor.getAttribute('href') ?? '', baseUrl);
    if (url === null || !/^https?:/i.test(url)) continue;
    const withoutFragment = url.split('#')[0];
    if (!seen.has(withoutFragment)) seen.set(withoutFragment, collapsedText(anchor));
    if (seen.size === MAX_LINKS) break;
  }
  return [...seen].map(([url, text]) => ({ url, text }));
}
