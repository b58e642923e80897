import type { TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';

/**
 * Link texts that only open more of something (a teaser's "Read more", a grid's "See all", a card's "Add to cart"),
 * which a reader of the content never needs; their target is in the page's links. Not "Learn more": pages write it
 * as a section's call to action, and readers keep it.
 */
const READ_MORE = /^(read|see|show|view|load) (more|all|less)|^continue reading|^read (the )?full (story|article|review|post)|^find out more|^add to (cart|bag|basket)/;
/** Arrows and marks that such links end with ("Read more »", "See all →"). */
const TRAILING_MARKS = /[\s»›>→….:]+$/;
/** Such a link is short: its measured length spares reading the text of every link. */
const MAX_CHARS = 30;
const LINKS = new Set(['a']);

/** Drops the links whose whole text is a "read more" (a teaser's, a carousel's or a card's). */
export function dropReadMoreLinks(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  for (const link of elements.named(LINKS)) {
    const chars = stats.get(link)?.chars ?? 0;
    if (chars === 0 || chars > MAX_CHARS) continue;
    if (READ_MORE.test(elements.text(link).toLowerCase().replace(TRAILING_MARKS, ''))) elements.remove(link);
  }
}
