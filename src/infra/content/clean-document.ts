import { REMOVED_TAGS } from './html-tags.js';

const REMOVED: ReadonlySet<string> = new Set(REMOVED_TAGS);
const SHOW_ELEMENT_AND_COMMENT = 1 | 128; // NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_COMMENT

/**
 * Removes scripts, styles, comments and the caller's excluded elements from a document of our own. In a document as
 * served (no script ran) a browser shows what `<noscript>` holds: its content is kept in its place.
 */
export function cleanDocument(document: Document, excludeSelectors: readonly string[], options: { scripted: boolean }): void {
  for (const selector of excludeSelectors) for (const element of document.querySelectorAll(selector)) element.remove();
  const { unwrapped, unread } = findUnread(document, !options.scripted);
  for (const element of unwrapped) element.replaceWith(...element.childNodes);
  for (const node of unread) node.parentNode?.removeChild(node);
}

/**
 * The removed tags and the comments, and (when `unwrapping`) the `noscript` elements to unwrap instead, found in one
 * walk. Not `querySelectorAll` of the tag list: a selector engine matches each element against each of the twelve
 * names (on the dev split, p95 CPU a page 107-109 ms with it, 89-99 without), where a set answers once. Names compare
 * as that engine compares them in an HTML document: the element's, lower-cased. The unwrapped are those the engine
 * finds, outside a template's content (find-elements.ts); one inside a template goes with it. Unwrapping keeps the
 * order of the nodes, so the walk before it finds the unread the walk after it would.
 */
function findUnread(document: Document, unwrapping: boolean): { unwrapped: Element[]; unread: Node[] } {
  const walker = document.createTreeWalker(document, SHOW_ELEMENT_AND_COMMENT);
  const unwrapped: Element[] = [];
  const unread: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === node.COMMENT_NODE) unread.push(node);
    else {
      const name = (node as Element).localName.toLowerCase();
      if (unwrapping && name === 'noscript' && !inTemplate(node as Element)) unwrapped.push(node as Element);
      else if (REMOVED.has(name)) unread.push(node);
    }
  }
  return { unwrapped, unread };
}

function inTemplate(element: Element): boolean {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) if (parent.localName === 'template') return true;
  return false;
}

/** The elements the include selectors match, in document order, none inside another kept one. */
export function includedElements(document: Document, includeSelectors: readonly string[]): Element[] {
  const matched = new Set<Element>();
  for (const selector of includeSelectors) for (const element of document.querySelectorAll(selector)) matched.add(element);
  const ordered = [...document.querySelectorAll('*')].filter((element) => matched.has(element));
  return ordered.filter((element) => !hasKeptAncestor(element, matched));
}

function hasKeptAncestor(element: Element, kept: ReadonlySet<Element>): boolean {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) if (kept.has(parent)) return true;
  return false;
}
