import { ContentElements } from './content-elements.js';

const LINKS = new Set(['a']);
/**
 * A skip link's words: "Skip to main content", "Skip to search results", "Jump to content", "Skip navigation"; and
 * those of its way back, the same kind of link at a section's end: "Back to top", "Back to Project", "Return to Top".
 */
const SKIP_WORDS = /^(?:(?:skip|jump)\s+(?:to\b|navigation\b)|(?:back|return)\s+to\b)/i;
/** A skip link is one short line. */
const MAX_CHARS = 60;

/**
 * Drops the page's skip links: a link to a place in the same page (`href="#…"`) that says "Skip to content". It is
 * the keyboard's way past the header, kept when the whole body is the content; a reader of the text is already there.
 * Its way back ("Back to top", an awards page's "Back to Project" under each of 80 entries) goes for the same reason.
 * Only a same-page link with those words: a link elsewhere, or a sentence that starts so, stays.
 */
export function dropSkipLinks(root: Element, elements = new ContentElements(root)): void {
  for (const link of elements.named(LINKS)) {
    if (!link.getAttribute('href')?.startsWith('#')) continue;
    const text = elements.text(link);
    if (text.length <= MAX_CHARS && SKIP_WORDS.test(text)) elements.remove(link);
  }
}
