import { tagOf } from '../find-elements.js';

/**
 * Whether the element is a `footer` that comes after the page's headline: never the page's wrapper, however much
 * text it holds (a theme's footer of testimonials in a carousel, each slide written twice, outweighs the product).
 * The clean step's size exception, which keeps a wrapper that looks like boilerplate, does not apply to it. By the
 * tag only: a class word such as `page1-footer` may name a section of the article (a guide's list of venues).
 */
export function isFooterAfterHeadline(element: Element, headline: Element | null): boolean {
  if (!headline || element.contains(headline)) return false;
  if (tagOf(element) !== 'footer') return false;
  return precedes(headline, element);
}

/**
 * Whether `first` comes before `second` (neither inside the other), by their ancestors' sibling order: linkedom's
 * compareDocumentPosition answers "preceding" for some elements that follow (seen on a WooCommerce page's footer).
 */
function precedes(first: Element, second: Element): boolean {
  const chain = new Map<Element, Element>();
  for (let node: Element | null = second; node; node = node.parentElement) if (node.parentElement) chain.set(node.parentElement, node);
  let own: Element | null = first;
  while (own && own.parentElement && !chain.has(own.parentElement)) own = own.parentElement;
  const theirs = own?.parentElement ? chain.get(own.parentElement) : undefined;
  for (let next = own?.nextElementSibling ?? null; next && theirs; next = next.nextElementSibling) if (next === theirs) return true;
  return false;
}
