import { ContentElements } from './content-elements.js';
import { standaloneLabels } from './standalone-labels.js';
import type { TextStatsMap } from './text-stats.js';

const CONTROLS = new Set(['a', 'button']);
/** What a card's hover buttons say: "Quick view", "Quick shop", "Quick look", "View options", "Choose options". */
const QUICK_VIEW_WORDS = /^(?:quick\s*(?:view|shop|look)|(?:view|choose|select)\s+options)$/i;
/** The longest label is 14 characters: longer controls are not read (measured text first). */
const MAX_CHARS = 20;

/**
 * Drops the buttons a shop's card shows over its picture on hover (BigCommerce's Stencil, Shopify themes): one opens
 * the item in a pop-up, the other goes to its page to pick a size. Neither says anything of the item, and a grid of
 * 40 cards says "Quick view View Options" 40 times. Only a link or button whose whole text is such a label goes: the
 * card's name, price and brand stay. A purchase control ("Add to cart") is not one of these and stays.
 */
export function dropQuickViewButtons(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  for (const control of standaloneLabels(elements, stats, { names: CONTROLS, maxChars: MAX_CHARS, text: QUICK_VIEW_WORDS })) elements.remove(control);
}
