import { TextStatsMap } from './text-stats.js';

/** Where pages mark their content, most specific first. */
const CONTENT_SELECTORS = [
  '[itemprop="articleBody"]',
  '.entry-content, .post-content, .article-content, .article-body, .article__body, .post-body, .story-body, .content-body',
  'article',
  'main, [role="main"]',
  '#content, #main-content, #main, .main-content',
];

/** A marked container must hold at least this share of the page's remaining text to be taken as the content. */
const MIN_SHARE = 0.25;

/**
 * The select step: the most specific marked content container that holds enough of the page's text (of several
 * matches, the one with most text); the body when none does.
 */
export function findContentRoot(body: Element, stats: TextStatsMap): Element {
  const total = stats.get(body)?.chars ?? 0;
  for (const selector of CONTENT_SELECTORS) {
    const best = largest([...body.querySelectorAll(selector)], stats);
    if (best && (stats.get(best)?.chars ?? 0) >= total * MIN_SHARE) return best;
  }
  return body;
}

function largest(elements: readonly Element[], stats: TextStatsMap): Element | undefined {
  let best: Element | undefined;
  for (const element of elements) if (!best || (stats.get(element)?.chars ?? 0) > (stats.get(best)?.chars ?? 0)) best = element;
  return best;
}
