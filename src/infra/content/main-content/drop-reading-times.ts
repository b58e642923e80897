import type { TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';
import { standaloneLabels } from './standalone-labels.js';

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
  for (const estimate of standaloneLabels(elements, stats, { names: CANDIDATES, maxChars: MAX_CHARS, text: READING_TIME })) elements.remove(estimate);
}
