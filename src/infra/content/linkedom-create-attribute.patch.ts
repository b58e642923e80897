import { Document as LinkedomDocument } from 'linkedom';

/**
 * linkedom's parser creates every attribute through the public `document.createAttribute`. Wrapped once here so that a
 * parse can note the attributes it creates with an upper-case name (html-attributes.ts lower-cases those, as a browser's
 * tokenizer does) without walking every element of the page. Outside a noting parse the wrapper is the original plus
 * one null check. Throws when a linkedom upgrade removed the method: a patch that silently does nothing would let
 * `<A HREF>` escape every selector unseen (linkedom is pinned; see package.json).
 */
export function noteUpperCaseAttributes<T>(parse: () => T): { result: T; attributes: readonly Attr[] } {
  patchCreateAttribute();
  const previous = noted;
  const attributes: Attr[] = [];
  noted = attributes;
  try {
    return { result: parse(), attributes };
  } finally {
    noted = previous;
  }
}

/** Attributes with an upper-case name created during the current noting parse; null outside one. */
let noted: Attr[] | null = null;
let patched = false;

const UPPER = /[A-Z]/;

function patchCreateAttribute(): void {
  if (patched) return;
  const prototype = LinkedomDocument.prototype as { createAttribute(this: Document, name: string): Attr };
  const original = prototype.createAttribute;
  if (typeof original !== 'function') throw new Error('linkedom assumption broken: Document has no createAttribute');
  prototype.createAttribute = function createAttribute(this: Document, name: string): Attr {
    const attribute = original.call(this, name);
    if (noted && UPPER.test(name)) noted.push(attribute);
    return attribute;
  };
  patched = true;
}
