import { isBoilerplate, putBack, Removal } from './remove-boilerplate.js';
import { measureText, type TextStatsMap } from './text-stats.js';

/**
 * Under this many characters, the chosen container kept too little to be the page's content on its own; a removed
 * element comes back only when it holds as much (a product grid, not a breadcrumb, a filter bar or a sidebar's
 * category list).
 */
const TOO_LITTLE = 300;

/**
 * When the chosen content container (a marked one, not the body) kept almost nothing, what the clean step removed
 * from inside it for its class or id words alone, and of that size, comes back: the page marked that container as
 * its content, and a word such as `related-product` on a shop's product grid there named the grid, not a rail
 * beside it. Hidden elements and those removed for their tag or role stay out. Answers whether it put anything back.
 */
export function putBackInsideRoot(root: Element, body: Element, stats: TextStatsMap, removed: readonly Removal[]): boolean {
  if (root === body || (stats.get(root)?.chars ?? 0) >= TOO_LITTLE) return false;
  const rules = { comments: true, byName: false };
  // Measured one by one: a removed element is out of the body, and few lie inside so small a container.
  const inside = removed.filter(({ element, parent }) =>
    root.contains(parent) && !isBoilerplate(element, rules) && (measureText(element).get(element)?.chars ?? 0) >= TOO_LITTLE);
  putBack(inside, removed);
  return inside.length > 0;
}
