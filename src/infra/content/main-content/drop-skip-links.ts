import { collapsedText } from '../whitespace.js';
import { ContentElements } from './content-elements.js';

const LINKS = new Set(['a']);
/** A skip link's words: "Skip to main content", "Skip to search results", "Jump to content", "Skip navigation". */
const SKIP_WORDS = /^(?:skip|jump)\s+(?:to\b|navigation\b)/i;
/** A skip link is one short line. */
const MAX_CHARS = 60;

/**
 * Drops the page's skip links: a link to a place in the same page (`href="#…"`) that says "Skip to content". It is
 * the keyboard's way past the header, kept when the whole body is the content; a reader of the text is already there.
 * Only a same-page link with those words: a link elsewhere, or a sentence that starts so, stays.
 */
export function dropSkipLinks(root: Element, elements = new ContentElements(root)): void {
  for (const link of elements.named(LINKS)) {
    if (!link.getAttribute('href')?.startsWith('#')) continue;
    const text = collapsedText(link);
    if (text.length <= MAX_CHARS && SKIP_WORDS.test(text)) elements.remove(link);
  }
}
