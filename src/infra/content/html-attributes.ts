/**
 * HTML's tokenizer lower-cases attribute names (`<A HREF>` is `href`), keeping the first of two that then collide;
 * htmlparser2 as linkedom runs it keeps them as written. Applied once after the parse, so that every selector and
 * every `getAttribute` of the content code reads a page as a browser does. SVG keeps its case (`viewBox`).
 */
export function lowerCaseAttributeNames(root: Document): void {
  const walker = root.createTreeWalker(root, 1 /* NodeFilter.SHOW_ELEMENT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node as Element;
    // Names first: the cheap read, and nearly every element has none to change.
    if (!element.getAttributeNames().some(hasUpperCase) || isForeign(element)) continue;
    const attributes = [...element.attributes];
    const first = new Map<string, string>();
    for (const { name, value } of attributes) if (!first.has(name.toLowerCase())) first.set(name.toLowerCase(), value);
    for (const { name } of attributes) element.removeAttribute(name);
    for (const [name, value] of first) setAttribute(element, name, value);
  }
}

const UPPER = /[A-Z]/;

function hasUpperCase(name: string): boolean {
  return UPPER.test(name);
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

function isForeign(element: Element): boolean {
  return element.namespaceURI === SVG_NAMESPACE;
}

/** A name the DOM refuses (`<a "x">`, which the tokenizer still reads as an attribute) is left out. */
function setAttribute(element: Element, name: string, value: string): void {
  try {
    element.setAttribute(name, value);
  } catch {
    // Not an attribute any selector or reader could name.
  }
}
