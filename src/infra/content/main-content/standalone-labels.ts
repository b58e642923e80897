import type { TextStatsMap } from './text-stats.js';
import type { ContentElements } from './content-elements.js';

/** Which elements may hold a label, how long one is at most, and what its whole text says. */
export interface LabelKind {
  readonly names: ReadonlySet<string>;
  readonly maxChars: number;
  readonly text: RegExp;
}

/**
 * The elements among `kind.names` whose whole text is such a label ("5 min read", "Advertisement"), the outermost
 * of each nest (a label is often a span in a div). Only elements of at most `maxChars` measured characters are read.
 */
export function standaloneLabels(elements: ContentElements, stats: TextStatsMap, kind: LabelKind): Element[] {
  const short = elements.named(kind.names).filter((element) => {
    const chars = stats.get(element)?.chars ?? 0;
    return chars > 0 && chars <= kind.maxChars;
  });
  const labels = new Set(short.filter((element) => kind.text.test(elements.text(element))));
  return [...labels].filter((label) => !label.parentElement || !labels.has(label.parentElement));
}
