import { boilerplateWord } from './boilerplate-patterns.js';
import type { TextStatsMap } from './text-stats.js';

/** Boxes removed by the same class or id word that, together, hold this share of the `main` landmark's text... */
const SERIES_SHARE = 0.6;
/** ...and are at least this many: a listing's sections named like recirculation rails (`tax-sc__recirc-list`). */
const SERIES_MIN = 3;
/** The words of rails of links to other pages: filling the landmark, such rails are the listing itself. Not `header`, `newsletter`... */
const RAIL_WORDS = new Set(['related', 'recommended', 'recirc', 'more-stories']);

/**
 * Of the clean step's name-only removals (`byName`), those that stay: a series inside the page's `main` landmark,
 * boxes named by one boilerplate word, when together they are most of it. The landmark is the page's own word for
 * its content, and a run of like boxes filling it is that content whatever their name says; a rail or two beside an
 * article's prose stays a small share, and a newsletter box among the series (another word) still goes.
 */
export function landmarkSeries(byName: readonly Element[], landmark: Element, stats: TextStatsMap): Element[] {
  const series = new Map<string, { elements: Element[]; chars: number }>();
  for (const element of byName) {
    if (element === landmark || !landmark.contains(element)) continue;
    const word = nameWord(element);
    if (!RAIL_WORDS.has(word)) continue;
    const group = series.get(word) ?? { elements: [], chars: 0 };
    group.elements.push(element);
    group.chars += stats.get(element)?.chars ?? 0;
    series.set(word, group);
  }
  const least = (stats.get(landmark)?.chars ?? 0) * SERIES_SHARE;
  for (const { elements, chars } of series.values()) if (elements.length >= SERIES_MIN && chars >= least) return elements;
  return [];
}

/** The boilerplate word of an element's class and id; read only for the few name-only removals. */
function nameWord(element: Element): string {
  return boilerplateWord(`${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`) ?? '';
}
