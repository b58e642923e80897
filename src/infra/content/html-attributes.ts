import { noteUpperCaseAttributes } from './linkedom-create-attribute.patch.js';

/**
 * HTML's tokenizer lower-cases attribute names (`<A HREF>` is `href`), keeping the first of two that then collide;
 * htmlparser2 as linkedom runs it keeps them as written. Applied once after the parse, so that every selector and
 * every `getAttribute` of the content code reads a page as a browser does. SVG keeps its case (`viewBox`).
 *
 * Walking every element of every page to find the few such names cost 7% of a page's extraction at p50 and 17% at
 * p95; instead the parse notes each attribute it creates with an upper-case name (linkedom-create-attribute.patch.ts),
 * and only those attributes' elements are visited.
 */
export function parseLowerCasingAttributes(parse: () => Document): Document {
  const { result: document, attributes } = noteUpperCaseAttributes(parse);
  lowerCaseAttributeNames(attributes);
  return document;
}

function lowerCaseAttributeNames(attributes: readonly Attr[]): void {
  const elements = new Set<Element>();
  for (const attribute of attributes) if (attribute.ownerElement) elements.add(attribute.ownerElement);
  for (const element of elements) if (!isForeign(element)) lowerCaseElement(element);
}

function lowerCaseElement(element: Element): void {
  const attributes = [...element.attributes];
  const first = new Map<string, string>();
  for (const { name, value } of attributes) if (!first.has(name.toLowerCase())) first.set(name.toLowerCase(), value);
  for (const { name } of attributes) element.removeAttribute(name);
  for (const [name, value] of first) setAttribute(element, name, value);
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
