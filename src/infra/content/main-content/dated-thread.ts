import { linkDensity, TextStatsMap } from './text-stats.js';

/** A thread shows at least this many posts on a page... */
const MIN_POSTS = 5;
/** ...and its posts are prose, not a grid of linked teasers (a news section's dated cards). */
const MAX_LINK_DENSITY = 0.25;

/**
 * Whether a series of marked containers (find-content-root.ts) is a discussion's posts: five or more, each dated
 * (a `time` element a post, as forum software prints its post dates), mostly unlinked text. Such a thread of short
 * replies is the content together though no single post holds a quarter of the page, where the site's menus are
 * large (XenForo's); a shop's grid or a landing page's cards carry no dates.
 */
export function isDatedThread(series: Element, matches: readonly Element[], stats: TextStatsMap): boolean {
  // The thread's first post, when it stands apart from the replies (Verticalscope), would be lost.
  if (linkDensity(stats.get(series)) > MAX_LINK_DENSITY || !series.contains(matches[0])) return false;
  const matched = new Set(matches);
  let posts = 0;
  for (const element of matches) if (series !== element && series.contains(element) && isOutermost(element, series, matched)) posts++;
  return posts >= MIN_POSTS && series.getElementsByTagName('time').length >= posts;
}

/** Whether no other match lies between a match and the series (a post's marked body inside its marked box counts once). */
function isOutermost(element: Element, series: Element, matched: ReadonlySet<Element>): boolean {
  for (let node = element.parentElement; node && node !== series; node = node.parentElement) if (matched.has(node)) return false;
  return true;
}
