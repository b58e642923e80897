import { opensWithH1 } from './leading-element.js';
import { isOneOfSeries } from './one-of-a-series.js';
import type { PageElements } from './page-elements.js';
import { PROSE_BLOCK_NAMES, PROSE_BLOCKS, proseBlocks } from './prose-blocks.js';
import type { TextStatsMap } from './text-stats.js';
/** A definition list and its parts: the terms and their descriptions are the content together, never a container of it. */
const DEFINITIONS = new Set(['dl', 'dt', 'dd']);
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
    // Not into one post of a thread: its replies are content, even when not written in paragraphs. Nor into a part of
    // a definition (graphlib's one class: its signature and the page's other sections are content),
    // nor into one of two documents on the page (urllib.request's page documents urllib.response after it).
    if (!next || isOneOfSeries(next, stats) || DEFINITIONS.has(next.localName.toLowerCase()) || isOneOfDocuments(next)) return current;
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

/**
 * A section of a document (an anchored `section`, or Sphinx's older `div.section`) that opens with an `h1` beside
 * another such: one of the page's documents, not the page (a shop's product column may open with an h1 too).
 */
function isOneOfDocuments(child: Element): boolean {
  if (!isDocumentSection(child)) return false;
  for (const sibling of child.parentElement?.children ?? []) if (sibling !== child && isDocumentSection(sibling)) return true;
  return false;
}

function isDocumentSection(element: Element): boolean {
  const sectioning = element.localName.toLowerCase() === 'section' || element.classList.contains('section');
  return sectioning && element.hasAttribute('id') && opensWithH1(element);
}
