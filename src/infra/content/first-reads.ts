import { findUnread, Unread } from './clean-document.js';
import { baseUrlOf, documentBaseUrl, isBaseWithHref } from './document-base.js';
import { isJsonLdScript } from './json-ld.js';
import { isHinting, PageHints, readPageHints } from './main-content/page-hints.js';

/** What the content code reads of a page before the cleaning removes it. */
export interface FirstReads {
  /** The document base URL (document-base.ts). */
  readonly base: string;
  /** The page's hints (page-hints.ts), when asked for. */
  readonly hints?: PageHints;
  /** What the cleaning will remove or unwrap, found in the same walk: for cleanDocument, when nothing has changed the page since. */
  readonly unread?: Unread;
}

/**
 * The page's base URL and, when the main content is to be chosen, its hints, found by the walk that finds what the
 * cleaning removes (the `base[href]`, the `[itemtype]` elements and purchase forms, and the JSON-LD scripts, outside a template's content
 * as the selector engine finds them) instead of one walk each: on the dev split's slowest pages a walk costs about a
 * millisecond. Without hints, the base's own walk, which stops at the first base.
 */
export function readFirst(document: Document, pageUrl: string, withHints: boolean): FirstReads {
  if (!withHints) return { base: documentBaseUrl(document, pageUrl) };
  const { noscripts, unread, found } = findUnread(document, [isBaseWithHref, isHinting, isJsonLdScript]);
  const [bases, hinting, jsonLdScripts] = found;
  return { base: baseUrlOf(bases[0] ?? null, pageUrl), hints: readPageHints(document, { hinting, jsonLdScripts }), unread: { noscripts, unread } };
}
