/**
 * A link never holds a link in a browser's tree: an `<a>` start tag closes the `a` still open (the HTML parser's
 * adoption agency), so `<a href=/1>one<a href=/2>two` is two sibling links. htmlparser2 (under linkedom) nests them,
 * and a page of unclosed links nests everything after the first in it: each link's text becomes the rest of the page
 * (quadratic work to read), and Markdown writes links inside links. This puts an `a` that is a child of another `a`
 * right after it, with what followed it there, as a browser closes the outer one. In document order, so a chain of
 * unclosed links comes apart one link at a time; no recursion, the nesting may be far deeper than the stack.
 * An `a` deeper inside another (within a `div` of it) stays: linkText reads around it, Markdown writes it as its text.
 */
export function unnestAnchors(document: Document): Document {
  // Only a link whose parent is a link moves: the links are listed once (most pages nest none), then taken apart in
  // document order, each with its parent as it is then.
  const nested = [...document.getElementsByTagName('a')].filter((anchor) => anchor.parentElement?.localName === 'a');
  for (const anchor of nested) {
    const within = anchor.parentElement;
    if (within?.localName === 'a') moveOut(anchor, within);
  }
  return document;
}

/** `anchor` and the nodes after it in `within` become `within`'s next siblings, in their order. */
function moveOut(anchor: Element, within: Element): void {
  const parent = within.parentNode;
  if (!parent) return;
  const moving: Node[] = [];
  for (let node: Node | null = anchor; node; node = node.nextSibling) moving.push(node);
  const before = within.nextSibling;
  for (const node of moving) parent.insertBefore(node, before);
}

/** A link's own text: its descendants' text, less any link inside it (that one has a text of its own). */
export function linkText(anchor: Element): string {
  const parts: string[] = [];
  const stack: Node[] = [anchor];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === node.TEXT_NODE) parts.push(node.nodeValue ?? '');
    else if (node === anchor || (node.nodeType === node.ELEMENT_NODE && (node as Element).localName !== 'a')) {
      for (let child = node.lastChild; child; child = child.previousSibling) stack.push(child);
    }
  }
  return parts.join('');
}
