import { proseBlocks } from './prose-blocks.js';
import { linkDensity, TextStatsMap } from './text-stats.js';

/**
 * A class or id word naming a description: `description`, `category-description`, `c-listing__desc`,
 * `description_longue`, a shop's `seo-text` under its grid.
 */
const DESCRIPTION_NAME = /(?:^|[\s_-])(?:desc(?:ription)?|seo(?:-?text)?|category-text)(?:$|[\s_-])/i;
/**
 * A description of someone or of another layout, not of the page's subject: an author box's biography (`the-author`,
 * `authorbox__description`), a copy of the description shown on phones only.
 */
const OTHER_SUBJECT = /author|mobile/i;
/** The description must be this much prose (a category's long text, not a one-line blurb)... */
const MIN_PROSE = 400;
/** ...and not mostly links. */
const MAX_LINK_DENSITY = 0.3;

/**
 * A prose block that the page names a description and that lies outside the chosen container (neither inside it nor
 * around it), or null: a shop's category page often puts its long description below `main`, at body level, where the
 * choice of one container cannot reach it. The outermost such block is taken; the first one found in document order.
 */
export function findOutsideDescription(root: Element, body: Element, stats: TextStatsMap): Element | null {
  if (root === body) return null;
  // The container's ancestors, once: asking `contains` of every element walked would climb from the container each time.
  const around = new Set<Element>();
  for (let parent = root.parentElement; parent && parent !== body; parent = parent.parentElement) around.add(parent);
  const walk = (parent: Element): Element | null => {
    for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
      if (child === root) continue;
      if (around.has(child)) {
        const found = walk(child);
        if (found) return found;
        continue;
      }
      if (isDescription(child, stats) && !insideOtherSubject(child, body)) return child;
      const found = walk(child);
      if (found) return found;
    }
    return null;
  };
  return walk(body);
}

function isDescription(element: Element, stats: TextStatsMap): boolean {
  if (!nameOf(element, DESCRIPTION_NAME) || nameOf(element, OTHER_SUBJECT)) return false;
  const own = stats.get(element);
  if (!own || own.chars < MIN_PROSE || linkDensity(own) > MAX_LINK_DENSITY) return false;
  let prose = 0;
  for (const { chars } of proseBlocks(element, stats)) prose += chars;
  return prose >= MIN_PROSE;
}

function nameOf(element: Element, words: RegExp): boolean {
  return words.test(element.getAttribute('class') ?? '') || words.test(element.id);
}

function insideOtherSubject(element: Element, body: Element): boolean {
  for (let parent = element.parentElement; parent && parent !== body; parent = parent.parentElement) {
    if (nameOf(parent, OTHER_SUBJECT)) return true;
  }
  return false;
}
