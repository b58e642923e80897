import { elementsWhere, tagOf } from '../find-elements.js';
import { TextStatsMap } from './text-stats.js';

/**
 * Where pages mark their content, most specific first, as selectors (the spec checks each test against them):
 *   [itemprop="articleBody"]
 *   .entry-content, .post-content, .article-content, .article-body, .article__body, .post-body, .story-body, .content-body
 *   article
 *   main, [role="main"]
 *   #content, #main-content, #main, .main-content
 * Tested on each element in one walk: the selector engine walked the page once a selector.
 */
export const CONTENT_MARKS: readonly ((element: Element) => boolean)[] = [
  (element) => element.getAttribute('itemprop') === 'articleBody',
  (element) => hasClass(element, ENTRY_CLASSES),
  (element) => tagOf(element) === 'article',
  (element) => tagOf(element) === 'main' || element.getAttribute('role') === 'main',
  (element) => CONTENT_IDS.has(element.getAttribute('id') ?? '') || hasClass(element, MAIN_CLASSES),
];
const ENTRY_CLASSES = classTokens(['entry-content', 'post-content', 'article-content', 'article-body', 'article__body', 'post-body', 'story-body', 'content-body']);
const MAIN_CLASSES = classTokens(['main-content']);
const CONTENT_IDS = new Set(['content', 'main-content', 'main']);

/** A marked container must hold at least this share of the page's remaining text to be taken as the content. */
const MIN_SHARE = 0.25;
/** Repeated containers whose text together is this many times the largest one's are the content together. */
const SIBLINGS_WEIGHT = 2;

/**
 * The select step: the most specific marked content container that holds enough of the page's text (of several
 * matches, the one with most text); the body when none does.
 */
export function findContentRoot(body: Element, stats: TextStatsMap): Element {
  const total = stats.get(body)?.chars ?? 0;
  const marked: Element[][] = CONTENT_MARKS.map(() => []);
  for (const element of elementsWhere(body, isMarkedAtAll)) {
    CONTENT_MARKS.forEach((isMarked, tier) => isMarked(element) && marked[tier].push(element));
  }
  for (const matches of marked) {
    const best = largest(matches, stats);
    if (best && (stats.get(best)?.chars ?? 0) >= total * MIN_SHARE) return withSiblings(best, matches, stats);
  }
  return body;
}

/** Whether any mark fits; an element without attributes (most) only by its tag, as the attribute tests need one. */
function isMarkedAtAll(element: Element): boolean {
  if (!element.hasAttributes()) return MARKED_TAGS.has(tagOf(element));
  return CONTENT_MARKS.some((isMarked) => isMarked(element));
}
/** The tags that CONTENT_MARKS name (article, main): keep them together. */
const MARKED_TAGS = new Set(['article', 'main']);

/**
 * A marked container repeated beside itself (a forum's posts, each an `article`) is one of several: the content is
 * the closest ancestor that holds another of them, when the ones it holds together outweigh it. Closest, not the
 * parent: a thread's posts are often each wrapped (a post's box around its marked body), cousins rather than siblings.
 */
function withSiblings(best: Element, matches: readonly Element[], stats: TextStatsMap): Element {
  const series = closestHoldingAnother(best, matches);
  if (!series) return best;
  let together = 0;
  for (const element of matches) if (series.contains(element) && !hasAncestorIn(element, series, matches)) together += stats.get(element)?.chars ?? 0;
  return together >= (stats.get(best)?.chars ?? 0) * SIBLINGS_WEIGHT ? series : best;
}

/** How many levels above a container to look for another of its series. */
const SERIES_DEPTH = 6;

function closestHoldingAnother(best: Element, matches: readonly Element[]): Element | undefined {
  const others = matches.filter((element) => element !== best && !element.contains(best) && !best.contains(element));
  let ancestor = best.parentElement;
  for (let depth = 0; ancestor && depth < SERIES_DEPTH; depth++, ancestor = ancestor.parentElement) {
    const holder = ancestor;
    if (others.some((element) => holder.contains(element))) return holder;
  }
  return undefined;
}

/** Whether a match lies inside another match under `series` (counted with its outer one). */
function hasAncestorIn(element: Element, series: Element, matches: readonly Element[]): boolean {
  for (let node = element.parentElement; node && node !== series; node = node.parentElement) if (matches.includes(node)) return true;
  return false;
}

function largest(elements: readonly Element[], stats: TextStatsMap): Element | undefined {
  let best: Element | undefined;
  for (const element of elements) if (!best || (stats.get(element)?.chars ?? 0) > (stats.get(best)?.chars ?? 0)) best = element;
  return best;
}

/** A class selector's test: a token of the class attribute, split as the selector engine splits it (at any `\s`). */
function classTokens(names: readonly string[]): RegExp {
  return new RegExp(`(?:^|\\s)(?:${names.join('|')})(?:$|\\s)`);
}

function hasClass(element: Element, tokens: RegExp): boolean {
  const value = element.getAttribute('class');
  return value !== null && tokens.test(value);
}
