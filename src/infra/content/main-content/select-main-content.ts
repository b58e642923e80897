import { documentBody } from '../parse-document.js';
import { dropArticleFurniture } from './drop-article-furniture.js';
import { dropLinkBlocks } from './drop-link-blocks.js';
import { dropRedundantImages } from './drop-redundant-images.js';
import { findContentRoot } from './find-content-root.js';
import { narrowToProse } from './narrow-to-prose.js';
import { removeBoilerplate } from './remove-boilerplate.js';
import { measureText } from './text-stats.js';

/**
 * The page's main content: the elements to render, in document order, none inside another. It may edit the
 * document it is given (a parse of our own), e.g. to drop boilerplate inside what it keeps. The document has
 * already lost its scripts, styles, comments and the caller's excluded elements.
 */
export function selectMainContent(document: Document): Element[] {
  const body = documentBody(document);
  if (!body) return [];
  removeBoilerplate(body, measureText(body));
  const stats = measureText(body);
  const root = narrowToProse(findContentRoot(body, stats), stats);
  dropLinkBlocks(root, stats);
  dropArticleFurniture(root, stats);
  dropRedundantImages(root, stats);
  return withHeadline(root, body);
}

/** The article's headline (the first h1) leads the content when the chosen container does not hold it. */
function withHeadline(root: Element, body: Element): Element[] {
  const headline = body.querySelector('h1');
  if (!headline || root === body || root.contains(headline) || headline.contains(root)) return [root];
  const before = headline.compareDocumentPosition(root) & 4; // DOCUMENT_POSITION_FOLLOWING
  return before ? [headline, root] : [root];
}
