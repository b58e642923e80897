import { elementsNamed } from './find-elements.js';
import { REMOVED_TAGS } from './html-tags.js';

const REMOVED: ReadonlySet<string> = new Set(REMOVED_TAGS);
const NOSCRIPT: ReadonlySet<string> = new Set(['noscript']);
const SHOW_ELEMENT_AND_COMMENT = 1 | 128; // NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_COMMENT

/**
 * Removes scripts, styles, comments and the caller's excluded elements from a document of our own. In a document as
 * served (no script ran) a browser shows what `<noscript>` holds: its content is kept in its place.
 */
export function cleanDocument(document: Document, excludeSelectors: readonly string[], options: { scripted: boolean }): void {
  for (const selector of excludeSelectors) for (const element of document.querySelectorAll(selector)) element.remove();
  if (!options.scripted) for (const element of elementsNamed(document, NOSCRIPT)) element.replaceWith(...element.childNodes);
  removeUnread(document);
}

/**
 * The removed tags and the comments, found in one walk. Not `querySelectorAll` of the tag list: a selector engine
 * matches each element against each of the twelve names (on the dev split, p95 CPU a page 107-109 ms with it, 89-99
 * without), where a set answers once. Names compare as that engine compares them in an HTML document: the element's,
 * lower-cased.
 */
function removeUnread(document: Document): void {
  const walker = document.createTreeWalker(document, SHOW_ELEMENT_AND_COMMENT);
  const unread: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === node.COMMENT_NODE || REMOVED.has((node as Element).localName.toLowerCase())) unread.push(node);
  }
  for (const node of unread) node.parentNode?.removeChild(node);
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
