import { elementsWhere } from '../find-elements.js';
import { jsonLdNodes } from '../json-ld.js';

/** What the page says of itself before the cleaning removes it (scripts and `meta` go): read first, used by the selection. */
export interface PageHints {
  /**
   * The page is one product's (schema.org `Product` in JSON-LD or microdata, or a single purchase form;
   * `og:type` is a sharing card's word, too loose): cards around it are other items.
   */
  readonly itemPage: boolean;
  /** The page is a discussion's (schema.org `DiscussionForumPosting` or `QAPage`): a forum thread or a question with its answers. */
  readonly threadPage: boolean;
}

export const NO_HINTS: PageHints = { itemPage: false, threadPage: false };

/** One product, or one product in its variants (sizes, colours): a `ProductGroup` wraps its variants' `Product`s at a depth the nodes are not read to. */
const PRODUCT_TYPES = new Set(['product', 'productgroup']);
const THREAD_TYPES = new Set(['discussionforumposting', 'qapage']);
const SCHEMA_ORG = /^https?:\/\/schema\.org\//i;

/**
 * A shop's purchase form: its id says add-to-cart (Amazon's `addToCart`), or it posts to the cart (Shopify's
 * `/cart/add`). One product's page has one; a collection has one on each card, or none.
 */
const ADD_TO_CART_ID = /^(?:add-?to-?(?:cart|bag|basket)|add_to_(?:cart|bag|basket))$/i;
const CART_ACTION = /\/cart\/add(?:\.js)?(?:[?#]|$)/;

/** The elements the hints are read from, when the caller found them already (by isHinting and isJsonLdScript, in document order). */
export interface HintElements {
  readonly hinting: readonly Element[];
  readonly jsonLdScripts: readonly Element[];
}

/** Reads the hints of a document not yet cleaned. */
export function readPageHints(document: Document, found?: HintElements): PageHints {
  const types = new Set<string>();
  let purchaseForms = 0;
  for (const element of found?.hinting ?? elementsWhere(document, isHinting)) {
    if (isPurchaseForm(element)) purchaseForms += 1;
    else for (const type of (element.getAttribute('itemtype') ?? '').split(/\s+/)) addType(types, type);
  }
  for (const node of jsonLdNodes(document, found?.jsonLdScripts)) {
    const type = node['@type'];
    for (const item of Array.isArray(type) ? type : [type]) if (typeof item === 'string') addType(types, item);
  }
  const any = (wanted: ReadonlySet<string>) => [...wanted].some((type) => types.has(type));
  return { itemPage: any(PRODUCT_TYPES) || purchaseForms === 1, threadPage: any(THREAD_TYPES) };
}

function addType(types: Set<string>, type: string): void {
  if (type !== '') types.add(type.replace(SCHEMA_ORG, '').toLowerCase());
}

/** `[itemtype]` or a purchase form, by one walk (find-elements.ts, or the clean step's in first-reads.ts). */
export function isHinting(element: Element): boolean {
  return element.hasAttribute('itemtype') || isPurchaseForm(element);
}

function isPurchaseForm(element: Element): boolean {
  return element.localName === 'form' && (ADD_TO_CART_ID.test(element.getAttribute('id') ?? '') || CART_ACTION.test(element.getAttribute('action') ?? ''));
}
