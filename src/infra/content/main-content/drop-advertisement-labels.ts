import type { TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';
import { standaloneLabels } from './standalone-labels.js';

const CANDIDATES = new Set(['span', 'div', 'p', 'li', 'small', 'aside', 'section', 'strong', 'b', 'em', 'figure', 'figcaption', 'header']);
/**
 * An ad slot's label and nothing else: "Advertisement", "Advertisement - Page continues below", "Advertisement.
 * Scroll to continue reading.", "Advertisement (gone after registration)", "Advertisement: New AI Book!".
 */
const AD_LABEL = /^advertisement(?:\s*[-–—:.(]\s*.*)?$/i;
/** A label is a few words; longer text is not read (measured text first). */
const MAX_CHARS = 60;

/**
 * Drops an advertisement's label standing alone, left where the ad's frame was (the ad itself is a script's, gone
 * before this): the publisher's notice, not the page's words. A sentence about advertisements stays: it starts
 * otherwise, or runs longer.
 */
export function dropAdvertisementLabels(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  for (const label of standaloneLabels(elements, stats, { names: CANDIDATES, maxChars: MAX_CHARS, text: AD_LABEL })) elements.remove(label);
}
