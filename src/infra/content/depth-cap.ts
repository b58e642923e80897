/**
 * Chromium's HTML parser nests elements at most 512 deep: past that, a new element is put beside the last one instead
 * of inside it. A raw body (js=false) parsed in Node has no such cap, and a page of 20,000 unclosed `<div>`s overflows
 * the stack of every tree walk that recurses. The content work runs as it is and, only when the stack overflowed,
 * again on a document capped as Chromium caps it (content-task.ts): ordinary pages pay nothing.
 */
export const MAX_DEPTH = 512;

let capping = false;

/** OverflowNotDomDepthError's message: it crosses from a content thread as text, and is the job's error as it is. */
export const NESTED_TOO_DEEP = 'The page nests its content deeper than its work can follow.';

/**
 * The work overflowed the stack though the page's document is no deeper than MAX_DEPTH, or overflowed again once
 * capped (a JSON-LD value or a selector nested 100,000 deep): capping cannot help, the page costs more than it may.
 */
export class OverflowNotDomDepthError extends Error {
  override readonly name = 'OverflowNotDomDepthError';

  constructor() {
    super(NESTED_TOO_DEEP);
  }
}

/**
 * Runs `work` with every document it parses capped at MAX_DEPTH (capDepth); synchronous work only. Throws
 * OverflowNotDomDepthError, before any more work, when a document it parses is within the cap.
 */
export function cappingDepth<T>(work: () => T): T {
  capping = true;
  try {
    return work();
  } catch (error) {
    throw isStackOverflow(error) ? new OverflowNotDomDepthError() : error;
  } finally {
    capping = false;
  }
}

/** Whether this error is the stack overflowing, whatever overflowed it (a DOM too deep, a JSON value, a selector). */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** The document, capped when the caller runs inside cappingDepth (and refused there when the cap would change nothing). */
export function withDepthCap(document: Document): Document {
  if (!capping) return document;
  if (!nestsDeeperThan(document, MAX_DEPTH)) throw new OverflowNotDomDepthError();
  return capDepth(document, MAX_DEPTH);
}

/** Whether an element lies deeper than `maxDepth` (the root element at depth 1). Iterative, as capDepth. */
export function nestsDeeperThan(document: Document, maxDepth: number): boolean {
  const stack: Array<{ element: Element; depth: number }> = document.documentElement ? [{ element: document.documentElement, depth: 1 }] : [];
  while (stack.length > 0) {
    const { element, depth } = stack.pop()!;
    if (depth > maxDepth) return true;
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) stack.push({ element: child, depth: depth + 1 });
  }
  return false;
}

/**
 * No element deeper than `maxDepth` (the root element at depth 1): every node below depth `maxDepth - 1` becomes a
 * child of its ancestor there, in document order, as Chromium's parser puts it (an element past its cap goes beside
 * the last one). Iterative: the tree may be far deeper than the stack.
 */
export function capDepth(document: Document, maxDepth: number): Document {
  const stack: Array<{ element: Element; depth: number }> = document.documentElement ? [{ element: document.documentElement, depth: 1 }] : [];
  while (stack.length > 0) {
    const { element, depth } = stack.pop()!;
    if (depth === maxDepth - 1) {
      flattenInto(element);
      continue;
    }
    for (let child = element.lastElementChild; child; child = child.previousElementSibling) stack.push({ element: child, depth: depth + 1 });
  }
  return document;
}

/** Makes every descendant of `element` its child, in document order: the last first, each a leaf when it moves. */
function flattenInto(element: Element): void {
  if (!element.firstElementChild) return;
  const descendants: Node[] = [];
  const walk: Node[] = [...element.childNodes].reverse();
  while (walk.length > 0) {
    const node = walk.pop()!;
    descendants.push(node);
    for (let child = node.lastChild; child; child = child.previousSibling) walk.push(child);
  }
  for (let index = descendants.length - 1; index >= 0; index--) element.insertBefore(descendants[index], element.firstChild);
}
