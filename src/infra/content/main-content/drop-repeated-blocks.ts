import { tagOf } from '../find-elements.js';
import { BLOCK_TAGS, INNER_BLOCK_TAGS } from '../html-tags.js';
import { collapsedText } from '../whitespace.js';
import { ContentElements } from './content-elements.js';

/** Repeat by nature: quotes, code, table cells, headings, and tab panels (one per language in documentation). */
export const KEPT = 'blockquote, pre, td, th, h1, h2, h3, h4, h5, h6, [role="tabpanel"]';
const KEPT_TAGS = new Set(['blockquote', 'pre', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Shorter texts (a price, a size, "Add to cart") repeat on their own in a grid that is the content. */
const MIN_CHARS = 30;

/**
 * Drops a block (one with no block inside) whose text an earlier block of the content said already: a disclaimer,
 * a model's size note, a buy box that a shop's layout writes twice (once for wide screens, once for narrow ones).
 * Left alone: quotes (a forum's reply quotes the post it answers), code, table cells, headings and tab panels.
 */
export function dropRepeatedBlocks(root: Element, elements = new ContentElements(root)): void {
  const said = new Set<string>();
  const repeated: Element[] = [];
  for (const block of elements.named(INNER_BLOCK_TAGS)) {
    if (hasBlockChild(block) || inKept(block)) continue;
    const text = collapsedText(block).toLowerCase();
    if (text.length < MIN_CHARS) continue;
    if (said.has(text)) repeated.push(block);
    else said.add(text);
  }
  for (const block of repeated) elements.remove(block);
}

function hasBlockChild(element: Element): boolean {
  for (const child of element.children) if (BLOCK_TAGS.has(child.localName)) return true;
  return false;
}

/** `element.closest(KEPT)`, by a set lookup an ancestor rather than the selector engine's (the spec checks it against KEPT). */
export function inKept(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (KEPT_TAGS.has(tagOf(node)) || node.getAttribute('role') === 'tabpanel') return true;
  }
  return false;
}
