import { selectorTest } from '../selector-test.js';
import { ContentElements } from './content-elements.js';

/** Shopify's unit-price field ("Unit price / per"), printed in every price block, filled only for goods sold by measure. */
const IS_UNIT_PRICE = selectorTest('.unit-price');
const DIGIT = /\d/;

/**
 * Drops a unit-price field that states no amount: its label and separator ("Unit price / per") with empty value
 * slots, under every card of a shop's grid. It says nothing; a unit price with its amount ("$1.20 / 100 g") stays.
 * Asked by its text, not by the theme's `hidden` class: a class alone does not say an element is hidden.
 */
export function dropEmptyUnitPrices(root: Element, elements = new ContentElements(root)): void {
  for (const field of elements.where(IS_UNIT_PRICE)) if (!DIGIT.test(elements.text(field))) elements.remove(field);
}
