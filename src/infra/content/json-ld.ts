import { elementsWhere, tagOf } from './find-elements.js';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonLdNode = { readonly [key: string]: Json };

/** A page's JSON-LD: its nodes (`@graph` members included), and the nodes it names its main entity (`mainEntity`, nested). */
interface ParsedJsonLd {
  readonly nodes: readonly JsonLdNode[];
  readonly mainEntities: readonly JsonLdNode[];
}

/** Each document's nodes, parsed once: the metadata and the main content's page hints both read them. */
const parsedNodes = new WeakMap<Document, ParsedJsonLd>();

/**
 * The objects of a page's JSON-LD blocks, `@graph` members included, in document order; bad JSON is skipped. Read
 * before the cleaning removes the scripts: the first reading of a document is the one every later call answers.
 * `scripts`, when the caller found the page's JSON-LD scripts already (isJsonLdScript, in document order).
 */
export function jsonLdNodes(document: Document, scripts?: readonly Element[]): readonly JsonLdNode[] {
  return parsed(document, scripts).nodes;
}

/**
 * The objects a page's JSON-LD nodes name as their `mainEntity` (a WebPage's article), within the same four levels
 * as the nodes: not among jsonLdNodes, which list what the page holds at its top.
 */
export function jsonLdMainEntities(document: Document): readonly JsonLdNode[] {
  return parsed(document).mainEntities;
}

function parsed(document: Document, scripts?: readonly Element[]): ParsedJsonLd {
  let found = parsedNodes.get(document);
  if (!found) parsedNodes.set(document, (found = parseNodes(scripts ?? elementsWhere(document, isJsonLdScript))));
  return found;
}

function parseNodes(scripts: readonly Element[]): ParsedJsonLd {
  const found = { nodes: [] as JsonLdNode[], mainEntities: [] as JsonLdNode[] };
  for (const script of scripts) {
    let value: Json;
    try {
      value = JSON.parse(script.textContent ?? '') as Json;
    } catch {
      continue;
    }
    collect(value, found, 0);
  }
  return found;
}

const JSON_LD_TYPE = 'application/ld+json';

/** `script[type="application/ld+json" i]`, by one walk (find-elements.ts): the type compared as the `i` flag has the engine compare it. */
export function isJsonLdScript(element: Element): boolean {
  if (tagOf(element) !== 'script') return false;
  const type = element.getAttribute('type');
  return type !== null && type.length === JSON_LD_TYPE.length && type.toLowerCase() === JSON_LD_TYPE;
}

/** Deepest level read: a node in `@graph` in an array of blocks is level 2; four levels in all (0 to 3). */
const NODE_DEPTH = 3;

function collect(value: Json, into: { nodes: JsonLdNode[]; mainEntities: JsonLdNode[] }, depth: number, list = into.nodes): void {
  if (depth > NODE_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, into, depth + 1, list);
    return;
  }
  list.push(value);
  const graph = value['@graph'];
  if (graph !== undefined) collect(graph, into, depth + 1, list);
  const entity = value.mainEntity;
  if (entity !== undefined) collect(entity, into, depth + 1, into.mainEntities);
}

/** How far jsonLdText looks into a value: a name in an object in an array in a property is plenty (`author: [{name}]`). */
const TEXT_DEPTH = 4;

/**
 * A JSON-LD value read as text: a string, a number, the `name`/`url`/`@id` of an object, the first of an array; null
 * past TEXT_DEPTH levels, as collect bounds its nodes (a value nested 100,000 deep, which JSON.parse reads, would
 * overflow the stack).
 */
export function jsonLdText(value: Json | undefined, keys: readonly string[] = ['name'], resolve: (value: Json) => Json = same): string | null {
  return textAt(value, keys, 0, resolve);
}

function same(value: Json): Json {
  return value;
}

/** `resolve` reads a reference (`{"@id": …}`) as the node it names (json-ld-page.ts); each step still counts a level. */
function textAt(value: Json | undefined, keys: readonly string[], depth: number, resolve: (value: Json) => Json): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  if (depth >= TEXT_DEPTH) return null;
  if (Array.isArray(value)) return value.length > 0 ? textAt(value[0], keys, depth + 1, resolve) : null;
  if (value && typeof value === 'object') {
    const node = resolve(value);
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return textAt(node, keys, depth + 1, resolve);
    for (const key of keys) {
      const found = textAt(node[key], keys, depth + 1, resolve);
      if (found) return found;
    }
  }
  return null;
}
