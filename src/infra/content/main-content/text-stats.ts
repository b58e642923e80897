import { collapsedLength } from '../whitespace.js';
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

export function measureText(root: Element): TextStatsMap {
  const stats: TextStatsMap = new Map();
  visit(root, false, stats);
  return stats;
}

/**
 * What `measureText(root)` would answer once the `removed` elements (each with the parent it was removed from, under
 * `root`, none inside another) are out: their text taken off their ancestors', without measuring the page again. A
 * new map; removed elements keep their entries, which no reader of the remaining page asks for.
 */
export function withoutRemoved(stats: TextStatsMap, root: Element, removed: readonly { element: Element; parent: Element }[]): TextStatsMap {
  const result: TextStatsMap = new Map(stats);
  for (const { element, parent } of removed) {
    const gone = stats.get(element);
    if (!gone || (gone.chars === 0 && gone.linkChars === 0)) continue;
    for (let node: Element | null = parent; node; node = node === root ? null : node.parentElement) {
      const own = result.get(node);
      if (!own) break;
      result.set(node, { chars: own.chars - gone.chars, linkChars: own.linkChars - gone.linkChars });
    }
  }
  return result;
}

/** Share of an element's text that is link text (0 for an element without text). */
export function linkDensity(stats: TextStats | undefined): number {
  return stats && stats.chars > 0 ? stats.linkChars / stats.chars : 0;
}

function visit(element: Element, inLink: boolean, stats: TextStatsMap): TextStats {
  const linked = inLink || element.localName === 'a';
  let chars = 0;
  let linkChars = 0;
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === TEXT_NODE) {
      const length = collapsedLength(node.nodeValue ?? '');
      chars += length;
      if (linked) linkChars += length;
    } else if (node.nodeType === ELEMENT_NODE) {
      const child = visit(node as Element, linked, stats);
      chars += child.chars;
      linkChars += child.linkChars;
    }
  }
  const result = { chars, linkChars };
  stats.set(element, result);
  return result;
}
