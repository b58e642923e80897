import type { Json, JsonLdNode } from './json-ld.js';

/** Nodes about the site or its parts, never the page (decisions.md 8.1's page metadata): its name, owner, authors, menus. */
const SITE_TYPES = new Set([
  'website', 'organization', 'corporation', 'newsmediaorganization', 'person', 'brand', 'breadcrumblist', 'listitem',
  'imageobject', 'sitenavigationelement', 'searchaction', 'entrypoint', 'contactpoint', 'postaladdress', 'wpheader',
  'wpfooter', 'wpsidebar',
]);
/** The page itself: WebPage and its kinds (CollectionPage, ItemPage, FAQPage, ProfilePage...). */
const PAGE_TYPE = /page$/;

/** What a page's JSON-LD says of the page, and of its site. */
export interface JsonLdPage {
  /** The nodes that describe the page, best first: its main entity, then the page node (WebPage...), then the rest. */
  readonly page: readonly JsonLdNode[];
  /** The site-wide nodes (WebSite, Organization, Person...), which answer only for the site and its language. */
  readonly site: readonly JsonLdNode[];
  /** A reference (an object of `@id` alone) read as the node of that `@id` in the page's JSON-LD. */
  readonly resolve: (value: Json) => Json;
}

/**
 * The page's nodes and the site's: a Yoast or WordPress `@graph` lists the site's Organization and WebSite first, whose
 * `url`, `name` and `description` are the home page's, not this page's. The main entity is what a node names as its
 * `mainEntity` (jsonLdMainEntities), or a node that says it is one (`mainEntityOfPage`), whatever its type.
 */
export function jsonLdPage(nodes: readonly JsonLdNode[], mainEntities: readonly JsonLdNode[]): JsonLdPage {
  const byId = new Map<string, JsonLdNode>();
  for (const node of [...nodes, ...mainEntities]) {
    const id = node['@id'];
    if (typeof id === 'string' && !isReference(node) && !byId.has(id)) byId.set(id, node);
  }
  const resolve = (value: Json): Json => (isReference(value) ? (byId.get(value['@id'] as string) ?? value) : value);
  const entities = new Set<JsonLdNode>();
  for (const entity of mainEntities) {
    const node = resolve(entity);
    if (isNode(node) && !isReference(node)) entities.add(node);
  }
  for (const node of nodes) if (node.mainEntityOfPage !== undefined && !isSiteWide(node)) entities.add(node);
  const rank = (node: JsonLdNode): number => (entities.has(node) ? 0 : PAGE_TYPE.test(typeOf(node)) ? 1 : 2);
  const candidates = [...new Set([...entities, ...nodes])];
  const page = candidates.filter((node) => entities.has(node) || !isSiteWide(node)).sort((a, b) => rank(a) - rank(b));
  const onPage = new Set(page);
  return { page, site: candidates.filter((node) => !onPage.has(node)), resolve };
}

/** The site's name: a WebSite node's `name`. */
export function websiteName(site: readonly JsonLdNode[]): Json | undefined {
  return site.find((node) => typeOf(node) === 'website' && node.name !== undefined)?.name;
}

function isSiteWide(node: JsonLdNode): boolean {
  return SITE_TYPES.has(typeOf(node));
}

/** A node's `@type` (the first of a list), lower-cased, without a vocabulary's prefix (`schema:Article`, `https://schema.org/Article`). */
function typeOf(node: JsonLdNode): string {
  const type = Array.isArray(node['@type']) ? node['@type'][0] : node['@type'];
  return typeof type === 'string' ? (type.split(/[/:#]/).pop() ?? '').toLowerCase() : '';
}

function isNode(value: Json): value is JsonLdNode {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An object that only names a node (`{"@id": "…#organization"}`): a reference, not the node. */
function isReference(value: Json): value is JsonLdNode {
  return isNode(value) && typeof value['@id'] === 'string' && Object.keys(value).every((key) => key === '@id' || key === '@type');
}
