import { firstElementWhere, tagOf } from './find-elements.js';
import { absoluteHttpUrl } from './resolve-url.js';


/**
 * The one base URL of the content code (links, metadata, Markdown, HTML fragments, extraction rules): as in a
 * browser (HTML, "document base URL"), the first `<base href>` resolved against the page's final URL, else the
 * final URL. A base that is not http(s) (a local copy's `file:`, a `javascript:` trick) is not taken. Read before
 * the cleaning removes `<base>`.
 */
export function documentBaseUrl(document: Document, pageUrl: string): string {
  return baseUrlOf(firstElementWhere(document, isBaseWithHref), pageUrl);
}

/** documentBaseUrl, the page's first `base[href]` (or null) found already. */
export function baseUrlOf(element: Element | null, pageUrl: string): string {
  const href = element?.getAttribute('href');
  if (!href) return pageUrl;
  return absoluteHttpUrl(href, pageUrl) ?? pageUrl;
}

/** `base[href]`, by one walk (find-elements.ts): on a page without a base, the selector engine tested every element. */
export function isBaseWithHref(element: Element): boolean {
  return tagOf(element) === 'base' && element.hasAttribute('href');
}
