import { isOneOfSeries } from './one-of-a-series.js';
import type { PageElements } from './page-elements.js';
import { PROSE_BLOCK_NAMES, PROSE_BLOCKS, proseBlocks } from './prose-blocks.js';
import type { TextStatsMap } from './text-stats.js';
/** A child that holds this share of its parent's prose is where the prose is. */
const NARROW_SHARE = 0.9;
/** Below this many characters of prose there is too little to judge by. */
const MIN_PROSE = 500;
/** Nor when the prose is under this share of the root's text outside links (the story is not written in paragraphs). */
const MIN_PROSE_SHARE = 0.2;

/**
 * The score step: from a broad container (a page-wide `article`, `main` or the body), steps down into the child
 * that holds nearly all of its prose, leaving the siblings (comments, related stories, teasers) behind.
 */
export function narrowToProse(root: Element, stats: TextStatsMap, page: PageElements): Element {
  const prose = measureProse(root, stats, page);
  const own = stats.get(root);
  if ((prose.get(root) ?? 0) < ((own?.chars ?? 0) - (own?.linkChars ?? 0)) * MIN_PROSE_SHARE) return root;
  let current = root;
  for (;;) {
    const total = prose.get(current) ?? 0;
    if (total < MIN_PROSE) return current;
    const next = [...current.children].find((child) => (prose.get(child) ?? 0) >= total * NARROW_SHARE && !child.matches(PROSE_BLOCKS));
    // Not into one post of a thread: its replies are content, even when not written in paragraphs.
    if (!next || isOneOfSeries(next, stats)) return current;
    current = next;
  }
}

/**
 * Characters of prose under each element of `root` (prose blocks inside prose blocks counted once). The blocks come
 * from the page's list (page-elements.ts) when it answers for the root, sparing a walk of it.
 */
function measureProse(root: Element, stats: TextStatsMap, page: PageElements): Map<Element, number> {
  const prose = new Map<Element, number>();
  const listed = page.namedUnder(root, PROSE_BLOCK_NAMES) ?? undefined;
  for (const { block, chars } of proseBlocks(root, stats, listed)) {
    for (let node: Element | null = block; node && node !== root.parentElement; node = node.parentElement) {
      prose.set(node, (prose.get(node) ?? 0) + chars);
    }
  }
  return prose;
}
