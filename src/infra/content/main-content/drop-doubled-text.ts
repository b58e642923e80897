import type { TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';

const CANDIDATES = new Set(['span', 'div', 'a', 'p', 'li', 'td', 'dd', 'button', 'label']);
/** A doubled label is one short line; longer blocks are not read (measured text first). */
const MAX_CHARS = 200;
/** Shorter repeats ("Bora Bora", "Baden-Baden") may be the words themselves. */
const MIN_CHARS = 6;
const SPACES = /\s+/g;

/**
 * Drops the copy that ends an element and repeats, word for word, the text before it: eBay's `clipped` spans
 * ("Seller's other items" then the same again, "EUR 20.99EUR 20.99"), a second telling of a label for another
 * reader. The line is kept once, as a reader sees it. Only the last child, a leaf, and only an exact repeat.
 */
export function dropDoubledText(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  const short = elements.named(CANDIDATES).filter((element) => {
    const chars = stats.get(element)?.chars ?? 0;
    return chars >= 2 * MIN_CHARS && chars <= MAX_CHARS && element.lastElementChild !== null;
  });
  for (const element of short) {
    const copy = element.lastElementChild!;
    if (copy.firstElementChild) continue;
    const copyText = elements.text(copy).replace(SPACES, '');
    if (copyText.length < MIN_CHARS) continue;
    if (elements.text(element).replace(SPACES, '') === copyText + copyText) elements.remove(copy);
  }
}
