import { tagOf } from './find-elements.js';
import { REMOVED_TAGS } from './html-tags.js';

const REMOVED: ReadonlySet<string> = new Set(REMOVED_TAGS);
const SHOW_ELEMENT_AND_COMMENT = 1 | 128; // NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_COMMENT

/** What the cleaning removes (`unread`) and, in a document as served, unwraps instead (`noscripts`): findUnread's answer. */
export interface Unread {
  /** The `noscript` elements outside a template's content, in document order. */
  readonly noscripts: readonly Element[];
  /** The comments and the other removed tags (all of them inside a template's content), in document order. */
  readonly unread: readonly Node[];
}

/**
 * Removes scripts, styles, comments and the caller's excluded elements from a document of our own. In a document as
 * served (no script ran) a browser shows what `<noscript>` holds: its content is kept in its place. `found`: what
 * findUnread answered on this document, untouched since (first-reads.ts); with excluded elements it is found again,
 * after they went.
 */
export function cleanDocument(document: Document, excludeSelectors: readonly string[], options: { scripted: boolean }, found?: Unread): void {
  for (const selector of excludeSelectors) for (const element of document.querySelectorAll(selector)) element.remove();
  const { noscripts, unread } = found && excludeSelectors.length === 0 ? found : findUnread(document);
  // Removed nodes leave the same tree whatever the order they go in.
  for (const element of noscripts) if (options.scripted) element.remove();
  else element.replaceWith(...element.childNodes);
  for (const node of unread) node.parentNode?.removeChild(node);
}

/**
 * The removed tags and the comments, the `noscript` elements apart, found in one walk; and, in that walk, the
 * elements outside a template's content that pass each of `tests` (elementsWhereEach's answer: the readers of the page
 * not yet cleaned ask theirs here, first-reads.ts). Not `querySelectorAll` of the tag list: a selector engine matches
 * each element against each of the twelve names (on the dev split, p95 CPU a page 107-109 ms with it, 89-99 without),
 * where a set answers once. Names compare as that engine compares them in an HTML document: the element's,
 * lower-cased. The noscripts are those the engine finds, outside a template's content (find-elements.ts); one inside a
 * template goes with it. Unwrapping keeps the order of the nodes, so the walk before it finds the unread the walk
 * after it would.
 */
export function findUnread(document: Document, tests: readonly ((element: Element) => boolean)[] = []): Unread & { found: Element[][] } {
  const walker = document.createTreeWalker(document, SHOW_ELEMENT_AND_COMMENT);
  const noscripts: Element[] = [];
  const unread: Node[] = [];
  const found: Element[][] = tests.map(() => []);
  let template: Element | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === node.COMMENT_NODE) {
      unread.push(node);
      continue;
    }
    const element = node as Element;
    if (template && !template.contains(element)) template = null;
    const name = tagOf(element);
    if (template === null) {
      for (let index = 0; index < tests.length; index += 1) if (tests[index](element)) found[index].push(element);
      if (element.localName === 'template') template = element;
    }
    if (name === 'noscript' && template === null) noscripts.push(element);
    else if (REMOVED.has(name)) unread.push(element);
  }
  return { noscripts, unread, found };
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
