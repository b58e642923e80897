import { TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';

/** A price as shops write it: a currency sign or code beside a number ("$20.00", "EUR 163.12", "12,90 €"). */
const PRICE = /(?:[$€£¥₹]|\b(?:USD|EUR|GBP|AUD|CAD|CHF|JPY|INR)\b)\s?\d|\d(?:[\d.,\s]*\d)?\s?(?:[€£]|\b(?:USD|EUR|GBP|zł|kr)\b)/;
/** A card is short: a picture, a name, a price, a line or two of details. */
const CARD_MAX_CHARS = 400;
/** A rail has at least this many cards among its children... */
const RAIL_MIN_CARDS = 3;
/** ...which are at least this share of its children (a grid of cards, not a page with a price here and there). */
const RAIL_CARD_SHARE = 0.6;
/** A rail holds less than this share of the content: beyond it, the cards are the page (a listing, a collection). */
const RAIL_MAX_SHARE = 0.4;
/** And what stays beside the rails is this share of the content or more: the item the rails recommend around. */
const ITEM_MIN_SHARE = 0.2;

/**
 * Drops the rails of repeated product cards (each a link and a price, a few lines: "similar items", "sponsored",
 * "also viewed") around a page's item, headed or not. Kept when the cards are most of the page (a shop's listing).
 */
export function dropProductCards(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  const total = stats.get(root)?.chars ?? 0;
  const rails: Element[] = [];
  const walk = (element: Element): void => {
    for (const child of element.children) {
      if (isCardRail(child, stats) && (stats.get(child)?.chars ?? 0) < total * RAIL_MAX_SHARE) rails.push(child);
      else walk(child);
    }
  };
  walk(root);
  const railChars = rails.reduce((sum, rail) => sum + (stats.get(rail)?.chars ?? 0), 0);
  if (rails.length === 0 || total - railChars < total * ITEM_MIN_SHARE) return;
  for (const rail of rails) elements.remove(rail);
}

/** Whether an element's children are mostly product cards, several of them. */
function isCardRail(element: Element, stats: TextStatsMap): boolean {
  const children = element.children;
  if (children.length < RAIL_MIN_CARDS) return false;
  let cards = 0;
  for (const child of children) if (isCard(child, stats)) cards += 1;
  return cards >= RAIL_MIN_CARDS && cards >= children.length * RAIL_CARD_SHARE;
}

function isCard(element: Element, stats: TextStatsMap): boolean {
  const chars = stats.get(element)?.chars ?? 0;
  if (chars === 0 || chars > CARD_MAX_CHARS) return false;
  return element.querySelector('a[href]') !== null && element.querySelector('img, picture') !== null && PRICE.test(element.textContent ?? '');
}
