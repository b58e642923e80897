import { ContentElements } from './content-elements.js';
import { inSentence, withinNamed } from './leaf-context.js';
import type { TextStatsMap } from './text-stats.js';

/**
 * A shop's cards wear stickers that rank or flag the item rather than describe it: "Top Rated" (REI), "New Arrival"
 * (Adorama), "Best Seller", "Sponsored". Read as text, a grid says one of them before every other name. Only the
 * sticker alone in its element goes (a sentence or a heading that says "new" is text, and so are code's `new` and a
 * table's or a definition list's value: an item's condition, "New", in a listing's column), and
 * only when the selection wears the same sticker twice or more: said once, it may be the page's own word (a section
 * named "New"). Not stickers: "Sale", which ends a shop's name line and is read as part of it, and "Top pick", which
 * a review's ranking says as its verdict.
 */
const BADGES = new Set([
  'top rated', 'new arrival', 'new', 'sponsored', 'best seller', 'bestseller', 'staff pick',
  'limited edition', 'online only', 'exclusive',
]);
/** A value, not a sticker, inside these: code, a table's cell, a definition's value. */
const VALUES = new Set(['pre', 'code', 'td', 'th', 'dd']);
/** The longest sticker is 15 characters: longer leaves are not read (measured text first). */
const MAX_CHARS = 24;
/** Fewer wearers than this and the word is not a sticker of the grid's cards. */
const MIN_WEARERS = 2;

/** Drops the stickers worn by two or more cards of the selection. */
export function dropMerchandisingBadges(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  const wearers = new Map<string, Element[]>();
  for (const leaf of elements.where((element) => isShortLeaf(element, stats))) {
    // Through `elements`: the card-text pass before read these leaves (read once, content-elements.ts).
    const text = elements.text(leaf).toLowerCase();
    if (!BADGES.has(text) || withinNamed(leaf, VALUES) || inSentence(leaf)) continue;
    const same = wearers.get(text) ?? wearers.set(text, []).get(text)!;
    same.push(leaf);
  }
  for (const same of wearers.values()) {
    if (same.length >= MIN_WEARERS) for (const leaf of same) elements.remove(leaf);
  }
}

function isShortLeaf(element: Element, stats: TextStatsMap): boolean {
  const chars = stats.get(element)?.chars ?? 0;
  return chars > 0 && chars <= MAX_CHARS && element.firstElementChild === null;
}
