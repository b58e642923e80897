import { baseUrlOf, documentBaseUrl, isBaseWithHref } from './document-base.js';
import { elementsWhereEach } from './find-elements.js';
import { isJsonLdScript } from './json-ld.js';
import { hasItemType, PageHints, readPageHints } from './main-content/page-hints.js';

/** What the content code reads of a page before the cleaning removes it. */
export interface FirstReads {
  /** The document base URL (document-base.ts). */
  readonly base: string;
  /** The page's hints (page-hints.ts), when asked for. */
  readonly hints?: PageHints;
}

/**
 * The page's base URL and, when the main content is to be chosen, its hints, found by one walk of the page (the
 * `base[href]`, the `[itemtype]` elements and the JSON-LD scripts) instead of one walk each: on the dev split's
 * slowest pages a walk costs about a millisecond. Without hints, the base's own walk, which stops at the first base.
 */
export function readFirst(document: Document, pageUrl: string, withHints: boolean): FirstReads {
  if (!withHints) return { base: documentBaseUrl(document, pageUrl) };
  const [bases, itemTyped, jsonLdScripts] = elementsWhereEach(document, [isBaseWithHref, hasItemType, isJsonLdScript]);
  return { base: baseUrlOf(bases[0] ?? null, pageUrl), hints: readPageHints(document, { itemTyped, jsonLdScripts }) };
}
