import { linkDensity, TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';

/**
 * Containers that pages build link rails from (related stories, "you may also like", facets, in-page menus). Not a
 * bare list: a documentation index or a service page's list of services is the content, and the gold keeps it.
 */
const RAIL_BLOCKS = new Set(['div', 'section', 'aside', 'nav', 'table', 'form']);
/** A block whose text is more than this share link text is a rail... */
const RAIL_LINK_DENSITY = 0.5;
/** ...when it holds less than this share of the content's text (beyond it, the links are the content)... */
const RAIL_MAX_SHARE = 0.5;
/** ...and the content is prose, this share or less of it link text (a listing or a collection is its links). */
const PROSE_ROOT_LINK_DENSITY = 0.35;

/**
 * Inside prose content, a block that is mostly link text and holds a minor share of the content is a rail and goes
 * (the link-density test of trafilatura and Readability). Kept: a block with the headline, or with a heading of its
 * own outside links (a section of the page whose title happens to sit beside its links).
 */
export function dropLinkBlocks(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  const own = stats.get(root);
  if (!own || linkDensity(own) > PROSE_ROOT_LINK_DENSITY) return;
  elements.removeOutermost((element) => isRail(element, stats, own.chars));
}

function isRail(element: Element, stats: TextStatsMap, total: number): boolean {
  if (!RAIL_BLOCKS.has(element.localName)) return false;
  const own = stats.get(element);
  if (!own || own.chars >= total * RAIL_MAX_SHARE || linkDensity(own) <= RAIL_LINK_DENSITY) return false;
  return element.querySelector('h1') === null && !holdsHeading(element);
}

/** Whether a block has a heading of its own outside links. */
function holdsHeading(block: Element): boolean {
  for (const heading of block.querySelectorAll('h2, h3, h4')) if (heading.closest('a') === null) return true;
  return false;
}
