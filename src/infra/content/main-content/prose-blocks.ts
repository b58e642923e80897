import { elementsNamed, tagOf } from '../find-elements.js';
import { linkDensity, TextStatsMap } from './text-stats.js';

/** Blocks whose text is prose when it is not mostly links. */
export const PROSE_BLOCKS = 'p, pre, blockquote';
export const PROSE_BLOCK_NAMES: ReadonlySet<string> = new Set(PROSE_BLOCKS.split(', '));
const PROSE_MAX_LINK_DENSITY = 0.5;

/**
 * The prose blocks under `root` with their characters: not mostly links, a block inside another counted once (the outer).
 * `blocks` are the elements named as prose blocks under `root`, when a caller holds them already (content-elements.ts).
 */
export function* proseBlocks(root: Element, stats: TextStatsMap, blocks = elementsNamed(root, PROSE_BLOCK_NAMES)): Generator<{ block: Element; chars: number }> {
  for (const block of blocks) {
    const own = stats.get(block);
    if (own && linkDensity(own) <= PROSE_MAX_LINK_DENSITY && !insideProseBlock(block)) yield { block, chars: own.chars };
  }
}

/** `block.parentElement?.closest(PROSE_BLOCKS)`, by a set lookup an ancestor rather than the selector engine's. */
function insideProseBlock(block: Element): boolean {
  for (let parent = block.parentElement; parent; parent = parent.parentElement) if (PROSE_BLOCK_NAMES.has(tagOf(parent))) return true;
  return false;
}

/**
 * Removes every element under `root` that `doomed` picks, deciding from the top: inside a picked one nothing more is
 * asked. The walk steps from sibling to sibling rather than through `children`, a list linkedom builds at each call,
 * one an element: nothing moves during it (`doomed` only reads, the picked go after).
 */
export function removeOutermost(root: Element, doomed: (element: Element) => boolean): { element: Element; parent: Element }[] {
  const picked: Element[] = [];
  const walk = (element: Element): void => {
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
      if (doomed(child)) picked.push(child);
      else walk(child);
    }
  };
  walk(root);
  // With where each was, for a caller that updates what it measured (text-stats.ts's `subtractRemoved`).
  const removed = picked.map((element) => ({ element, parent: element.parentElement! }));
  for (const element of picked) element.remove();
  return removed;
}
