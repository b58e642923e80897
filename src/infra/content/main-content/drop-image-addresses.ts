import type { TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';

/** An image file's address and nothing else (a query string allowed): a value field printing a thumbnail's URL. */
const IMAGE_ADDRESS = /^https?:\/\/\S+\.(?:jpe?g|png|gif|webp|avif|svg)(?:\?\S*)?$/i;
/** The elements that hold one field's value: a definition list's or a table's cell, or a plain box. */
const CANDIDATES = new Set(['dd', 'td', 'li', 'p', 'span', 'div']);
/** An address is one line; longer text is read only when it could be one (measured text first). */
const MAX_CHARS = 400;

/**
 * Drops an element whose whole text is an image file's address: a shop's custom-field list printing each colour's
 * thumbnail URL as text (BigCommerce's `cat_thumb_*` fields). It is no image to render as its alt (decisions 8.1)
 * and no words a reader reads. Only a leaf, text alone: a link whose text is such an address is a link, and stays.
 */
export function dropImageAddresses(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  const short = elements.named(CANDIDATES).filter((element) => {
    const chars = stats.get(element)?.chars ?? 0;
    return chars > 10 && chars <= MAX_CHARS;
  });
  for (const element of short) {
    if (!element.firstElementChild && IMAGE_ADDRESS.test(elements.text(element))) elements.remove(element);
  }
}
