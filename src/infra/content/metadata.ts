import { collapseWhitespace } from './whitespace.js';
import { jsonLdMainEntities, jsonLdNodes, jsonLdText, JsonLdNode } from './json-ld.js';
import { JsonLdPage, jsonLdPage, websiteName } from './json-ld-page.js';
import { absoluteHttpUrl } from './resolve-url.js';

export interface PageMetadata {
  readonly title: string | null;
  readonly description: string | null;
  readonly language: string | null;
  readonly author: string | null;
  readonly published_time: string | null;
  readonly site_name: string | null;
  readonly canonical_url: string | null;
  readonly image: string | null;
  readonly word_count: number;
}

/** Where each field is read, in decisions.md 8.1's precedence: Open Graph, then JSON-LD, then `<meta name>`, then the rest. */
interface FieldSources {
  readonly openGraph: readonly string[];
  readonly jsonLd: readonly string[];
  readonly jsonLdKeys?: readonly string[];
  /** Site-wide JSON-LD nodes answer too, after the page's (json-ld-page.ts): the site's language is the page's too. */
  readonly jsonLdSite?: boolean;
  readonly metaName: readonly string[];
  readonly fallback?: (document: Document) => string | null;
  readonly url?: boolean;
}

const FIELDS: Record<Exclude<keyof PageMetadata, 'word_count'>, FieldSources> = {
  title: { openGraph: ['og:title'], jsonLd: ['headline', 'name'], metaName: ['title', 'twitter:title'], fallback: (document) => document.querySelector('title')?.textContent ?? null },
  description: { openGraph: ['og:description'], jsonLd: ['description'], metaName: ['description', 'twitter:description'] },
  language: { openGraph: ['og:locale'], jsonLd: ['inLanguage'], jsonLdSite: true, metaName: ['language', 'content-language'], fallback: (document) => document.documentElement.getAttribute('lang') },
  author: { openGraph: ['article:author', 'book:author'], jsonLd: ['author', 'creator'], metaName: ['author', 'article:author'] },
  published_time: { openGraph: ['article:published_time'], jsonLd: ['datePublished', 'dateCreated'], metaName: ['article:published_time', 'date', 'pubdate', 'publish-date', 'dc.date'] },
  site_name: { openGraph: ['og:site_name'], jsonLd: ['publisher'], metaName: ['application-name', 'og:site_name'] },
  canonical_url: { openGraph: ['og:url'], jsonLd: ['url', 'mainEntityOfPage'], jsonLdKeys: ['url', '@id'], metaName: [], fallback: (document) => document.querySelector('link[rel~="canonical" i][href]')?.getAttribute('href') ?? null, url: true },
  image: { openGraph: ['og:image', 'og:image:url', 'og:image:secure_url'], jsonLd: ['image', 'thumbnailUrl'], jsonLdKeys: ['url', 'contentUrl', '@id'], metaName: ['twitter:image', 'twitter:image:src'], url: true },
};

/** decisions.md 9: a page's URL fields are web addresses (a local copy's `file:///usr/share/...` canonical is none). */

/**
 * decisions.md 8.1's metadata, read from the whole document before it is cleaned (JSON-LD lives in scripts);
 * `wordCount` counts the words of the answer's content as text.
 */
export function pageMetadata(document: Document, baseUrl: string, wordCount: number): PageMetadata {
  const meta = metaTags(document);
  const ld = jsonLdPage(jsonLdNodes(document), jsonLdMainEntities(document));
  const read = (field: keyof typeof FIELDS): string | null => {
    const sources = FIELDS[field];
    const value =
      first(sources.openGraph.map((name) => meta.property.get(name))) ??
      fromPageJsonLd(ld, field, sources) ??
      first(sources.metaName.map((name) => meta.name.get(name))) ??
      sources.fallback?.(document) ??
      null;
    const text = value === null ? null : collapseWhitespace(value).trim() || null;
    if (text === null || !sources.url) return text;
    return absoluteHttpUrl(text, baseUrl);
  };
  return {
    title: read('title'), description: read('description'), language: read('language'), author: read('author'),
    published_time: read('published_time'), site_name: read('site_name'), canonical_url: read('canonical_url'), image: read('image'),
    word_count: wordCount,
  };
}

/** Words of a text: runs of letters and digits, an apostrophe or hyphen inside a word keeping it one. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** `<meta property=...>` (Open Graph) and `<meta name=...>`, lower-cased names, the first of each kept. */
function metaTags(document: Document): { property: Map<string, string>; name: Map<string, string> } {
  const property = new Map<string, string>();
  const name = new Map<string, string>();
  for (const tag of document.querySelectorAll('meta[content]')) {
    const content = tag.getAttribute('content') ?? '';
    if (content.trim() === '') continue;
    const key = tag.getAttribute('property')?.toLowerCase();
    if (key && !property.has(key)) property.set(key, content);
    const named = (tag.getAttribute('name') ?? tag.getAttribute('http-equiv'))?.toLowerCase();
    if (named && !name.has(named)) name.set(named, content);
  }
  return { property, name };
}

/**
 * A field from the JSON-LD nodes that describe the page (json-ld-page.ts), never a site-wide Organization's or
 * WebSite's `url`, `name` or `description`; the site's name is its WebSite's, else the page's publisher's.
 */
function fromPageJsonLd(ld: JsonLdPage, field: keyof typeof FIELDS, sources: FieldSources): string | null {
  const nodes = sources.jsonLdSite ? [...ld.page, ...ld.site] : ld.page;
  const site = field === 'site_name' ? jsonLdText(websiteName(ld.site), undefined, ld.resolve) : null;
  return site ?? first(sources.jsonLd.map((key) => fromJsonLd(nodes, key, sources.jsonLdKeys, ld.resolve)));
}

function fromJsonLd(nodes: readonly JsonLdNode[], key: string, keys: readonly string[] | undefined, resolve: JsonLdPage['resolve']): string | null {
  for (const node of nodes) {
    const text = jsonLdText(node[key], keys, resolve);
    if (text) return text;
  }
  return null;
}

function first(values: ReadonlyArray<string | null | undefined>): string | null {
  for (const value of values) if (value !== undefined && value !== null && value.trim() !== '') return value;
  return null;
}
