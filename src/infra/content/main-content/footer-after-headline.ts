import { precedes } from '../document-order.js';
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

