import { Document as LinkedomDocument } from 'linkedom';

/**
 * HTML's tokenizer lower-cases attribute names (`<A HREF>` is `href`), keeping the first of two that then collide;
 * htmlparser2 as linkedom runs it keeps them as written. Applied once after the parse, so that every selector and
 * every `getAttribute` of the content code reads a page as a browser does. SVG keeps its case (`viewBox`).
 *
 * Walking every element of every page to find the few such names cost 7% of a page's extraction at p50 and 17% at
 * p95; instead the parse notes each attribute it creates with an upper-case name (linkedom's parser creates them
 * through the public `document.createAttribute`), and only those attributes' elements are visited.
 */
export function parseLowerCasingAttributes(parse: () => Document): Document {
  patchCreateAttribute();
  const previous = noted;
  noted = [];
  try {
    const document = parse();
    lowerCaseAttributeNames(noted);
    return document;
  } finally {
    noted = previous;
  }
}

/** Attributes with an upper-case name created during the current parse; null outside one. */
let noted: Attr[] | null = null;
let patched = false;

/** Wraps `createAttribute` once: outside a parse of ours it is the original plus one null check. */
function patchCreateAttribute(): void {
  if (patched) return;
  const prototype = LinkedomDocument.prototype as { createAttribute(this: Document, name: string): Attr };
  const original = prototype.createAttribute;
  if (typeof original !== 'function') throw new Error('linkedom assumption broken: Document has no createAttribute');
  prototype.createAttribute = function createAttribute(this: Document, name: string): Attr {
    const attribute = original.call(this, name);
    if (noted && hasUpperCase(name)) noted.push(attribute);
    return attribute;
  };
  patched = true;
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
