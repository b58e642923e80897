const TEXT_NODE = 3;

/** `leaf.closest(<names>)` without the selector engine: one look at each ancestor's name, the leaf's own included. */
export function withinNamed(leaf: Element, names: ReadonlySet<string>): boolean {
  for (let node: Element | null = leaf; node; node = node.parentElement) if (names.has(node.localName)) return true;
  return false;
}

/** A word of a sentence ("what is <em>new</em> this week"), not a text of its own: its parent holds text beside it. */
export function inSentence(leaf: Element): boolean {
  for (let node = leaf.parentElement?.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === TEXT_NODE && (node.textContent ?? '').trim() !== '') return true;
  }
  return false;
}
