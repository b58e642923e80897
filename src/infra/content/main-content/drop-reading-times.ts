import { collapsedText } from '../whitespace.js';
import type { TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';

const CANDIDATES = new Set(['span', 'div', 'p', 'li', 'time', 'small']);
/** A reading-time estimate and nothing else: "5 min read", "12 minutes to read", "Reading time: 4 min". */
const READING_TIME = /^(?:\d+\s*(?:min|mins|minutes?)\.?\s*(?:read|reading|to read)|reading time:?\s*\d+\s*(?:min|mins|minutes?)\.?)$/i;
/** An estimate is a few words; longer text is not read (measured text first). */
const MAX_CHARS = 30;

/**
 * Drops a reading-time estimate standing alone ("5 min read" beside a post or under each card of a blog's front
 * page): the site's guess at the reader's speed, not the writer's words. A sentence that mentions one stays.
 */
export function dropReadingTimes(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  const short = elements.named(CANDIDATES).filter((element) => {
    const chars = stats.get(element)?.chars ?? 0;
    return chars > 0 && chars <= MAX_CHARS;
  });
  const estimates = new Set(short.filter((element) => READING_TIME.test(collapsedText(element))));
  // The outermost only: "5 min read" is often a span in a span.
  for (const estimate of estimates) if (!estimate.parentElement || !estimates.has(estimate.parentElement)) elements.remove(estimate);
}
