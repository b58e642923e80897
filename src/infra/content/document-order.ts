/**
 * Whether `first` comes before `second` in document order (neither inside the other), by their ancestors' sibling
 * order. Not `compareDocumentPosition`: linkedom's compares the two nodes' depths, so a shallow node "follows" any
 * deeper one wherever it stands (a theme's footer after a deeply nested headline reads as before it).
 */
export function precedes(first: Element, second: Element): boolean {
  const chain = new Map<Element, Element>();
  for (let node: Element | null = second; node; node = node.parentElement) if (node.parentElement) chain.set(node.parentElement, node);
  let own: Element | null = first;
  while (own && own.parentElement && !chain.has(own.parentElement)) own = own.parentElement;
  const theirs = own?.parentElement ? chain.get(own.parentElement) : undefined;
  for (let next = own?.nextElementSibling ?? null; next && theirs; next = next.nextElementSibling) if (next === theirs) return true;
  return false;
}
