import { collapseWhitespace } from '../whitespace.js';

/**
 * Link texts that only open more of something (a teaser's "Read more", a grid's "See all", a card's "Add to cart"),
 * which a reader of the content never needs; their target is in the page's links. Not "Learn more": pages write it
 * as a section's call to action, and readers keep it.
 */
const READ_MORE = /^(read|see|show|view|load) (more|all|less)|^continue reading|^read (the )?full (story|article|review|post)|^find out more|^add to (cart|bag|basket)/;
/** Arrows and marks that such links end with ("Read more »", "See all →"). */
const TRAILING_MARKS = /[\s»›>→….:]+$/;

/** Drops the links whose whole text is a "read more" (the brief's carousel and teaser lines). */
export function dropReadMoreLinks(root: Element): void {
  for (const link of [...root.querySelectorAll('a, [role="button"]')]) {
    const text = collapseWhitespace(link.textContent ?? '').trim().toLowerCase().replace(TRAILING_MARKS, '');
    if (READ_MORE.test(text) && text.length <= 30) link.remove();
  }
}
