import { outermost } from './outermost.js';
import { pushAll } from '../large-arrays.js';
import { selectorTest } from '../selector-test.js';
import { linkDensity, TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';

/** Headings of a shop's or a marketplace's recommendation rails (found on the WCXB dev split's product pages). */
const RAIL_HEADINGS = /\b(also (viewed|bought|purchased|like|love)|seller'?s other items|similar (items|products)|related (items|products)|frequently bought together|recommended for you|more from this seller|customers who (bought|viewed)|customers also (viewed|bought)|recently viewed|related (posts|articles|stories)|you may also|more stories|popular (posts|articles|stories)|trending now|(latest|recent|trending) (news|posts|articles|stories)|more in this (category|section)|more like this|related (content|searches|reading)|most read)\b/i;
const HEADINGS = 'h2, h3, h4';
const IS_HEADING = selectorTest(HEADINGS);
/** A rail holds less than this share of the content (beyond it, the recommendations are the page). */
const RAIL_MAX_SHARE = 0.8;
/** A paragraph this long and mostly unlinked is the story's own, which a rail's section never holds. */
const PROSE_CHARS = 150;
const PROSE_MAX_LINK_DENSITY = 0.3;

/**
 * Drops the sections that a recommendation heading ("People who viewed this item also viewed", "Similar items")
 * leads: the heading's largest ancestor with no other heading, under a minor share of the content.
 */
export function dropRecommendationRails(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  const total = stats.get(root)?.chars ?? 0;
  const doomed: Element[] = [];
  for (const heading of elements.where(IS_HEADING)) {
    if (!RAIL_HEADINGS.test(heading.textContent ?? '')) continue;
    const rail = railOf(heading, root, stats, total);
    const section = rail === heading ? [heading, ...followingUntilHeading(heading, stats)] : [rail];
    if (section.reduce((sum, element) => sum + (stats.get(element)?.chars ?? 0), 0) >= total * RAIL_MAX_SHARE) continue;
    pushAll(doomed, section);
  }
  for (const element of outermost(doomed)) elements.remove(element);
}

/** The heading's section: climbs while the parent has no other heading and stays a minor share of the content. */
function railOf(heading: Element, root: Element, stats: TextStatsMap, total: number): Element {
  let rail = heading;
  for (let parent = rail.parentElement; parent && parent !== root; parent = parent.parentElement) {
    if ((stats.get(parent)?.chars ?? 0) >= total * RAIL_MAX_SHARE) break;
    if (parent.querySelectorAll('h1, h2, h3, h4').length > 1 || hasProseOutside(parent, rail, stats)) break;
    rail = parent;
  }
  return rail;
}

/** A heading that shares its parent with prose leads the siblings after it, up to the next heading or prose. */
function followingUntilHeading(heading: Element, stats: TextStatsMap): Element[] {
  const section: Element[] = [];
  for (let next = heading.nextElementSibling; next && !next.matches('h1, h2, h3, h4'); next = next.nextElementSibling) {
    if (isProse(next, stats) || hasProseOutside(next, heading, stats)) break;
    section.push(next);
  }
  return section;
}

function hasProseOutside(parent: Element, rail: Element, stats: TextStatsMap): boolean {
  for (const paragraph of parent.querySelectorAll('p')) if (isProse(paragraph, stats) && !rail.contains(paragraph)) return true;
  return false;
}

function isProse(element: Element, stats: TextStatsMap): boolean {
  const own = stats.get(element);
  return element.localName === 'p' && own !== undefined && own.chars >= PROSE_CHARS && linkDensity(own) <= PROSE_MAX_LINK_DENSITY;
}
