import type { TextStatsMap } from './text-stats.js';

/** Names of a post's box; a shop's description, specs and shipping sections are a series too, but a page keeps one. */
const POST_NAMES = /post|message|comment|reply|answer/i;
/** The other members' text outside links, against the element's own, above which the series is the content. */
const SERIES_WEIGHT = 0.5;

/**
 * Whether `element` is one post of a series (a thread's replies): an `article` or a box named as a post, with siblings
 * of its tag and class whose text outside links together weighs at least half its own. Replies written with `<br>`
 * rather than paragraphs hold no prose, so the one post written in paragraphs would otherwise hold "all the prose" of
 * the thread and be taken alone.
 */
export function isOneOfSeries(element: Element, stats: TextStatsMap): boolean {
  const parent = element.parentElement;
  const shape = element.getAttribute('class');
  if (!parent || !shape || !(element.localName === 'article' || POST_NAMES.test(shape))) return false;
  let others = 0;
  for (let sibling = parent.firstElementChild; sibling; sibling = sibling.nextElementSibling) {
    if (sibling === element || sibling.localName !== element.localName || sibling.getAttribute('class') !== shape) continue;
    others += plainChars(sibling, stats);
  }
  return others > 0 && others >= plainChars(element, stats) * SERIES_WEIGHT;
}

function plainChars(element: Element, stats: TextStatsMap): number {
  const own = stats.get(element);
  return own ? own.chars - own.linkChars : 0;
}
