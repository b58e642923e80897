/**
 * Chromium's HTML parser nests elements at most 512 deep: past that, a new element is put beside the last one instead
 * of inside it. A raw body (js=false) parsed in Node has no such cap, and a page of 20,000 unclosed `<div>`s overflows
 * the stack of every tree walk that recurses. The content work runs as it is and, only when the stack overflowed,
 * again on a document capped as Chromium caps it (content-task.ts): ordinary pages pay nothing.
 */
export const MAX_DEPTH = 512;

let capping = false;

/** Runs `work` with every document it parses capped at MAX_DEPTH (capDepth); synchronous work only. */
export function cappingDepth<T>(work: () => T): T {
  capping = true;
  try {
    return work();
  } finally {
    capping = false;
  }
}

/** Whether this error is the stack overflowing: the one a capped document cannot raise. */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** The document, capped when the caller runs inside cappingDepth. */
export function withDepthCap(document: Document): Document {
  return capping ? capDepth(document, MAX_DEPTH) : document;
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
