import { collapsedText } from '../whitespace.js';
import type { TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';

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
  const short = elements.named(CANDIDATES).filter((element) => {
    const chars = stats.get(element)?.chars ?? 0;
    return chars > 0 && chars <= MAX_CHARS;
  });
  const labels = new Set(short.filter((element) => AD_LABEL.test(collapsedText(element))));
  // The outermost only: a label is often a span in a div.
  for (const label of labels) if (!label.parentElement || !labels.has(label.parentElement)) elements.remove(label);
}
