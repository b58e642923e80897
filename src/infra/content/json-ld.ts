import { elementsWhere, tagOf } from './find-elements.js';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonLdNode = { readonly [key: string]: Json };

/** Each document's nodes, parsed once: the metadata and the main content's page hints both read them. */
const parsedNodes = new WeakMap<Document, readonly JsonLdNode[]>();

/**
 * The objects of a page's JSON-LD blocks, `@graph` members included, in document order; bad JSON is skipped. Read
 * before the cleaning removes the scripts: the first reading of a document is the one every later call answers.
 * `scripts`, when the caller found the page's JSON-LD scripts already (isJsonLdScript, in document order).
 */
export function jsonLdNodes(document: Document, scripts?: readonly Element[]): readonly JsonLdNode[] {
  let nodes = parsedNodes.get(document);
  if (!nodes) parsedNodes.set(document, (nodes = parseNodes(scripts ?? elementsWhere(document, isJsonLdScript))));
  return nodes;
}

function parseNodes(scripts: readonly Element[]): JsonLdNode[] {
  const nodes: JsonLdNode[] = [];
  for (const script of scripts) {
    let parsed: Json;
    try {
      parsed = JSON.parse(script.textContent ?? '') as Json;
    } catch {
      continue;
    }
    collect(parsed, nodes, 0);
  }
  return nodes;
}

const JSON_LD_TYPE = 'application/ld+json';

/** `script[type="application/ld+json" i]`, by one walk (find-elements.ts): the type compared as the `i` flag has the engine compare it. */
export function isJsonLdScript(element: Element): boolean {
  if (tagOf(element) !== 'script') return false;
  const type = element.getAttribute('type');
  return type !== null && type.length === JSON_LD_TYPE.length && type.toLowerCase() === JSON_LD_TYPE;
}

function collect(value: Json, into: JsonLdNode[], depth: number): void {
  if (depth > 3 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, into, depth + 1);
    return;
  }
  into.push(value);
  const graph = value['@graph'];
  if (graph !== undefined) collect(graph, into, depth + 1);
}

/** How far jsonLdText looks into a value: a name in an object in an array in a property is plenty (`author: [{name}]`). */
const TEXT_DEPTH = 4;

/**
 * A JSON-LD value read as text: a string, a number, the `name`/`url`/`@id` of an object, the first of an array; null
 * past TEXT_DEPTH levels, as collect bounds its nodes (a value nested 100,000 deep, which JSON.parse reads, would
 * overflow the stack).
 */
export function jsonLdText(value: Json | undefined, keys: readonly string[] = ['name']): string | null {
  return textAt(value, keys, 0);
}

function textAt(value: Json | undefined, keys: readonly string[], depth: number): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  if (depth >= TEXT_DEPTH) return null;
  if (Array.isArray(value)) return value.length > 0 ? textAt(value[0], keys, depth + 1) : null;
  if (value && typeof value === 'object') {
    for (const key of keys) {
      const found = textAt(value[key], keys, depth + 1);
      if (found) return found;
    }
  }
  return null;
}
