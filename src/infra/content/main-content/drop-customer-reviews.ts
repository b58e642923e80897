import { removeOutermost } from './prose-blocks.js';
import type { TextStatsMap } from './text-stats.js';

/**
 * Class or id words of a shop's customer reviews, and of the review widgets shops embed (Yotpo, Bazaarvoice,
 * Okendo, Judge.me, Stamped): a product page's comment thread, which its main content (the description) leaves out.
 */
const REVIEW_NAMES = /(^|[-_\s])(reviews|review-list|ratings|yotpo[\w-]*|bv[\w-]*|okendo[\w-]*|jdgm[\w-]*|stamped[\w-]*)(?=$|[-_\s])/i;
/** Under this many characters, a review-named block is the item's rating summary, which its page shows beside the name. */
const MIN_CHARS = 500;
/** A review-named element holding this share of the page's text is the page's wrapper, not its reviews. */
const WRAPPER_SHARE = 0.8;

/**
 * On one product's page, drops the customer reviews before the content is chosen: written in paragraphs, they
 * outweigh a description written as a list, and the choice would step into them. Answers what it removed, and from where.
 */
export function dropCustomerReviews(body: Element, stats: TextStatsMap): { element: Element; parent: Element }[] {
  const total = stats.get(body)?.chars ?? 0;
  return removeOutermost(body, (element) => isReviews(element, stats, total));
}

function isReviews(element: Element, stats: TextStatsMap, total: number): boolean {
  const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
  if (!REVIEW_NAMES.test(names)) return false;
  const chars = stats.get(element)?.chars ?? 0;
  return chars >= MIN_CHARS && chars < total * WRAPPER_SHARE && element.querySelector('h1') === null;
}
