import { collapsedLength } from '../whitespace.js';
import type { PageElements } from './page-elements.js';
/** How much text an element holds, and how much of it sits inside links: computed once, bottom-up, for every element. */
export interface TextStats {
  /** Characters of text, each text node trimmed and its whitespace runs counted as one. */
  readonly chars: number;
  /** The part of `chars` inside `<a>` elements. */
  readonly linkChars: number;
}

export type TextStatsMap = Map<Element, TextStats>;

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/**
 * Every element's text stats under `root` (itself included). With `elements`, an empty list, the same walk lists the
 * elements in it (page-elements.ts): the select step's other whole-page passes then need no walk of their own.
 */
export function measureText(root: Element, elements?: PageElements): TextStatsMap {
  const stats: TextStatsMap = new Map();
  visit(root, false, stats, elements, false);
  return stats;
}

/**
 * Makes `stats` what `measureText(root)` would answer once the `removed` elements (each with the parent it was
 * removed from) are out: their text taken off their ancestors', without measuring the page again. In place (a copy
 * of a whole page's map was a third of the cost). A removal may lie inside a later one (the clean step's inside the
 * reviews): its ancestors' walk stops where the later one was cut off, and the later one takes off its text as
 * measured, with the earlier one's in it; so each removal's own text is read before any is taken off. The removed
 * elements keep their entries, which the clean step's callers still read (how much prose it removed).
 */
export function subtractRemoved(stats: TextStatsMap, root: Element, removed: readonly { element: Element; parent: Element }[]): void {
  const measured = removed.map(({ element }) => stats.get(element));
  removed.forEach(({ parent }, index) => {
    const gone = measured[index];
    if (!gone || (gone.chars === 0 && gone.linkChars === 0)) return;
    for (let node: Element | null = parent; node; node = node === root ? null : node.parentElement) {
      const own = stats.get(node);
      if (!own) break;
      stats.set(node, { chars: own.chars - gone.chars, linkChars: own.linkChars - gone.linkChars });
    }
  });
}

/** Share of an element's text that is link text (0 for an element without text). */
export function linkDensity(stats: TextStats | undefined): number {
  return stats && stats.chars > 0 ? stats.linkChars / stats.chars : 0;
}

function visit(element: Element, inLink: boolean, stats: TextStatsMap, elements: PageElements | undefined, templated: boolean): TextStats {
  const index = elements ? elements.add(element, templated) : 0;
  const inside = templated || element.localName === 'template';
  const linked = inLink || element.localName === 'a';
  let chars = 0;
  let linkChars = 0;
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === TEXT_NODE) {
      const length = collapsedLength(node.nodeValue ?? '');
      chars += length;
      if (linked) linkChars += length;
    } else if (node.nodeType === ELEMENT_NODE) {
      const child = visit(node as Element, linked, stats, elements, inside);
      chars += child.chars;
      linkChars += child.linkChars;
    }
  }
  if (elements) elements.close(index);
  const result = { chars, linkChars };
  stats.set(element, result);
  return result;
}
