import { jsonLdNodes } from '../json-ld.js';

/** What the page says of itself before the cleaning removes it (scripts and `meta` go): read first, used by the selection. */
export interface PageHints {
  /** The page is one product's (schema.org `Product` in JSON-LD or microdata; `og:type` is a sharing card's word, too loose): cards around it are other items. */
  readonly itemPage: boolean;
}

export const NO_HINTS: PageHints = { itemPage: false };

const PRODUCT_TYPE = /^(?:https?:\/\/schema\.org\/)?Product$/i;

/** Reads the hints of a document not yet cleaned. */
export function readPageHints(document: Document): PageHints {
  if (document.querySelector('[itemtype="https://schema.org/Product" i], [itemtype="http://schema.org/Product" i]')) return { itemPage: true };
  return { itemPage: jsonLdNodes(document).some((node) => isProduct(node['@type'])) };
}

function isProduct(type: unknown): boolean {
  if (typeof type === 'string') return PRODUCT_TYPE.test(type);
  return Array.isArray(type) && type.some((item) => typeof item === 'string' && PRODUCT_TYPE.test(item));
}
