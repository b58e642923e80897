import { REMOVED_TAGS } from './html-tags.js';

const REMOVED = REMOVED_TAGS.join(', ');

/**
 * Removes scripts, styles, comments and the caller's excluded elements from a document of our own. In a document as
 * served (no script ran) a browser shows what `<noscript>` holds: its content is kept in its place.
 */
export function cleanDocument(document: Document, excludeSelectors: readonly string[], options: { scripted: boolean }): void {
  for (const selector of excludeSelectors) for (const element of document.querySelectorAll(selector)) element.remove();
  if (!options.scripted) for (const element of document.querySelectorAll('noscript')) element.replaceWith(...element.childNodes);
  for (const element of document.querySelectorAll(REMOVED)) element.remove();
  removeComments(document);
}

function removeComments(document: Document): void {
  const walker = document.createTreeWalker(document, 128 /* NodeFilter.SHOW_COMMENT */);
  const comments: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) comments.push(node);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
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
