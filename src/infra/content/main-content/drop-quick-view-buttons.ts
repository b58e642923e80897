import { collapsedText } from '../whitespace.js';
import { ContentElements } from './content-elements.js';

const CONTROLS = new Set(['a', 'button']);
/** What a card's hover buttons say: "Quick view", "Quick shop", "Quick look", "View options", "Choose options". */
const QUICK_VIEW_WORDS = /^(?:quick\s*(?:view|shop|look)|(?:view|choose|select)\s+options)$/i;

/**
 * Drops the buttons a shop's card shows over its picture on hover (BigCommerce's Stencil, Shopify themes): one opens
 * the item in a pop-up, the other goes to its page to pick a size. Neither says anything of the item, and a grid of
 * 40 cards says "Quick view View Options" 40 times. Only a link or button whose whole text is such a label goes: the
 * card's name, price and brand stay. A purchase control ("Add to cart") is not one of these and stays.
 */
export function dropQuickViewButtons(root: Element, elements = new ContentElements(root)): void {
  for (const control of elements.named(CONTROLS)) {
    if (QUICK_VIEW_WORDS.test(collapsedText(control))) elements.remove(control);
  }
}
