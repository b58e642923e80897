import { tagOf } from '../find-elements.js';
import { isDatedThread } from './dated-thread.js';
import type { PageElements } from './page-elements.js';
import { TextStatsMap } from './text-stats.js';

/**
 * Where pages mark their content, most specific first, as selectors (the spec checks each test against them):
 *   [itemprop="articleBody"], [itemprop="commentText"]
 *   .entry-content, .post-content, .article-content, .article-body, .article__body, .post-body, .story-body, .content-body
 *   article
 *   main, [role="main"]
 *   #content, #main-content, #main, .main-content
 * Tested on each element in one walk: the selector engine walked the page once a selector.
 */
export const CONTENT_MARKS: readonly ((element: Element) => boolean)[] = [
  (element) => isPostBodyItem(element.getAttribute('itemprop')),
  (element) => hasClass(element, ENTRY_CLASSES),
  (element) => tagOf(element) === 'article',
  (element) => tagOf(element) === 'main' || element.getAttribute('role') === 'main',
  (element) => CONTENT_IDS.has(element.getAttribute('id') ?? '') || hasClass(element, MAIN_CLASSES),
];
/** A thread's first post marks its body `articleBody` and each reply's `commentText` (Tapatalk): posts alike. */
function isPostBodyItem(itemprop: string | null): boolean {
  return itemprop === 'articleBody' || itemprop === 'commentText';
}
const ENTRY_NAMES = ['entry-content', 'post-content', 'article-content', 'article-body', 'article__body', 'post-body', 'story-body', 'content-body'];
const MAIN_NAMES = ['main-content'];
const ID_NAMES = ['content', 'main-content', 'main'];
const ENTRY_CLASSES = classTokens(ENTRY_NAMES);
const MAIN_CLASSES = classTokens(MAIN_NAMES);
const CONTENT_IDS = new Set(ID_NAMES);
/** Every class and id name the marks read, as a substring test of an element's class and id text (mayBeMarked). */
const MARK_WORDS = new RegExp([...ENTRY_NAMES, ...MAIN_NAMES, ...ID_NAMES].join('|'));

/** A marked container must hold at least this share of the page's remaining text to be taken as the content. */
const MIN_SHARE = 0.25;
/** Repeated containers whose text together is this many times the largest one's are the content together. */
const SIBLINGS_WEIGHT = 2;
/** ...or this many times, counting only the ones of its own class (a thread's posts alike, not a story's teasers). */
const ALIKE_WEIGHT = 1.3;

/**
 * The select step: the most specific marked content container that holds enough of the page's text (of several
 * matches, the one with most text); the body when none does. `elements`: the body's list (page-elements.ts), read
 * instead of a walk of the page.
 */
export function findContentRoot(body: Element, stats: TextStatsMap, elements: PageElements): Element {
  const total = stats.get(body)?.chars ?? 0;
  const marked: Element[][] = CONTENT_MARKS.map(() => []);
  for (const element of elements.where((index) => mayBeMarked(elements, index) && isMarkedAtAll(elements.order[index]))) {
    CONTENT_MARKS.forEach((isMarked, tier) => isMarked(element) && marked[tier].push(element));
  }
  for (const matches of marked) {
    const best = largest(matches, stats);
    if (!best) continue;
    if ((stats.get(best)?.chars ?? 0) >= total * MIN_SHARE) return withSiblings(best, matches, stats);
    // A thread of short replies: together, not each, they hold the page's text (dated-thread.ts).
    const series = withSiblings(best, matches, stats);
    if (series !== best && (stats.get(series)?.chars ?? 0) >= total * MIN_SHARE && isDatedThread(series, matches, stats)) return series;
  }
  return body;
}

/** Whether any mark fits; an element without attributes (most) only by its tag, as the attribute tests need one. */
function isMarkedAtAll(element: Element): boolean {
  if (!element.hasAttributes()) return MARKED_TAGS.has(tagOf(element));
  return CONTENT_MARKS.some((isMarked) => isMarked(element));
}
/**
 * Whether any mark could fit the listed element, by what the list read of it (page-elements.ts): its tag, role, and
 * class and id text holding one of the marks' names; else only an `itemprop`. A look through arrays that spares most
 * elements the marks' five attribute reads.
 */
function mayBeMarked(elements: PageElements, index: number): boolean {
  if (MARKED_TAGS.has(elements.tags[index])) return true;
  if (elements.bare[index]) return false;
  return elements.roles[index] === 'main' || MARK_WORDS.test(elements.words[index]) || elements.order[index].hasAttribute('itemprop');
}
/** The tags that CONTENT_MARKS name (article, main): keep them together. */
const MARKED_TAGS = new Set(['article', 'main']);

/**
 * A marked container repeated beside itself (a forum's posts, each an `article`) is one of several: the content is
 * the closest ancestor whose matches together outweigh it. Not only the parent: a thread's posts are often each
 * wrapped (a post's box around its marked body, beside a marked signature), cousins rather than siblings.
 */
function withSiblings(best: Element, matches: readonly Element[], stats: TextStatsMap): Element {
  const own = stats.get(best)?.chars ?? 0;
  const shape = best.getAttribute('class');
  const others = matches.filter((element) => element !== best && !element.contains(best) && !best.contains(element));
  const matched = new Set(matches);
  let ancestor = best.parentElement;
  for (let depth = 0; ancestor && depth < SERIES_DEPTH; depth++, ancestor = ancestor.parentElement) {
    const holder = ancestor;
    if (!others.some((element) => holder.contains(element))) continue;
    let together = 0;
    let alike = 0;
    for (const element of matches) {
      if (!holder.contains(element) || hasAncestorIn(element, holder, matched)) continue;
      const chars = stats.get(element)?.chars ?? 0;
      together += chars;
      if (element.getAttribute('class') === shape) alike += chars;
    }
    if (together >= own * SIBLINGS_WEIGHT || (shape && alike >= own * ALIKE_WEIGHT)) return holder;
  }
  return best;
}

/** How many levels above a container to look for the rest of its series. */
const SERIES_DEPTH = 6;

/** Whether a match lies inside another match under `series` (counted with its outer one). */
function hasAncestorIn(element: Element, series: Element, matches: ReadonlySet<Element>): boolean {
  for (let node = element.parentElement; node && node !== series; node = node.parentElement) if (matches.has(node)) return true;
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
