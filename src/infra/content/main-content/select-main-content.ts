import { documentBody } from '../parse-document.js';
import { precedes } from '../document-order.js';
import { ContentElements } from './content-elements.js';
import { dropAdvertisementLabels } from './drop-advertisement-labels.js';
import { dropArticleFurniture } from './drop-article-furniture.js';
import { dropAuthorBoxes } from './drop-author-boxes.js';
import { dropCustomerReviews } from './drop-customer-reviews.js';
import { dropDoubledText } from './drop-doubled-text.js';
import { dropEmptyUnitPrices } from './drop-empty-unit-prices.js';
import { dropImageAddresses } from './drop-image-addresses.js';
import { dropLayoutCopies } from './drop-layout-copies.js';
import { dropLinkBlocks } from './drop-link-blocks.js';
import { dropMemberStats } from './drop-member-stats.js';
import { dropMerchandisingBadges } from './drop-merchandising-badges.js';
import { dropPostAuthorChrome } from './drop-post-author-chrome.js';
import { dropPostWidgets } from './drop-post-widgets.js';
import { dropProductCards } from './drop-product-cards.js';
import { dropQuickViewButtons } from './drop-quick-view-buttons.js';
import { dropReadMoreLinks } from './drop-read-more-links.js';
import { dropReadingTimes } from './drop-reading-times.js';
import { dropRecommendationRails } from './drop-recommendation-rails.js';
import { dropRedundantImages } from './drop-redundant-images.js';
import { dropRepeatedBlocks } from './drop-repeated-blocks.js';
import { dropRepeatedCardText } from './drop-repeated-card-text.js';
import { dropSkipLinks } from './drop-skip-links.js';
import { dropTableOfContents } from './drop-table-of-contents.js';
import { dropVisitorPrompts } from './drop-visitor-prompts.js';
import { dropVoteTallies } from './drop-vote-tallies.js';
import { findContentRoot } from './find-content-root.js';
import { NO_HINTS, PageHints } from './page-hints.js';
import { PageElements } from './page-elements.js';
import { narrowToProse } from './narrow-to-prose.js';
import { putBackInsideRoot } from './put-back-inside-root.js';
import { findOutsideDescription } from './find-outside-description.js';
import { putBack, Removal, removeBoilerplate } from './remove-boilerplate.js';
import { linkDensity, measureText, subtractRemoved, TextStatsMap } from './text-stats.js';

/**
 * The page's main content: the elements to render, in document order, none inside another. It may edit the
 * document it is given (a parse of our own), e.g. to drop boilerplate inside what it keeps. The document has
 * already lost its scripts, styles, comments and the caller's excluded elements; `hints` were read before that.
 */
export function selectMainContent(document: Document, hints: PageHints = NO_HINTS): Element[] {
  const body = documentBody(document);
  if (!body) return [];
  // The page's elements, listed in the walk that measures them (page-elements.ts), for the clean step and the choice.
  let page = new PageElements();
  let stats = measureText(body, page);
  const removed = removeBoilerplate(body, stats, { threadPage: hints.threadPage }, page);
  // Before the choice: on a product's page the reviews' paragraphs would otherwise draw it away from the description.
  const reviews = hints.itemPage ? dropCustomerReviews(body, stats) : [];
  for (const { element } of reviews) page.drop(element);
  // From here the stats are those of the page without them; the removed elements keep their own (keepsTooLittle reads them).
  subtractRemoved(stats, body, [...removed, ...reviews]);
  let root = narrowToProse(findContentRoot(body, stats, page), stats, page);
  if (keepsTooLittle(root, stats, removed)) {
    // The second pass, as Readability retries without its unlikely-candidate names: only tags, roles and hiding count.
    putBack(removed);
    page = new PageElements();
    stats = measureText(body, page);
    subtractRemoved(stats, body, removeBoilerplate(body, stats, { byName: false, threadPage: hints.threadPage }, page));
    root = narrowToProse(findContentRoot(body, stats, page), stats, page);
  } else if (putBackInsideRoot(root, body, stats, removed)) {
    page = new PageElements();
    stats = measureText(body, page);
  }
  // The chosen content's elements, from the page's list, for all the passes below, which remove through it (content-elements.ts).
  const elements = new ContentElements(root, page);
  dropLinkBlocks(root, stats, elements);
  // After the link blocks: a rail's heading is what keeps its prose neighbours from reading as a link block.
  dropRecommendationRails(root, stats, elements);
  dropPostWidgets(root, stats, elements);
  // Only around one item: on a shop's listing or collection the cards are the content.
  if (hints.itemPage) dropProductCards(root, stats, elements);
  dropArticleFurniture(root, stats, elements);
  // Not around one item: a book's page presents its author as part of the product.
  if (!hints.itemPage) dropAuthorBoxes(root, stats, elements);
  dropTableOfContents(root, stats, elements);
  dropPostAuthorChrome(root, elements);
  dropMemberStats(root, stats, elements);
  dropVoteTallies(root, stats, elements);
  dropVisitorPrompts(root, elements);
  dropLayoutCopies(root, stats, elements);
  dropRedundantImages(root, stats, elements);
  dropImageAddresses(root, stats, elements);
  dropEmptyUnitPrices(root, elements);
  dropSkipLinks(root, elements);
  dropDoubledText(root, stats, elements);
  dropReadingTimes(root, stats, elements);
  dropAdvertisementLabels(root, stats, elements);
  dropRepeatedCardText(root, stats, elements);
  dropReadMoreLinks(root, stats, elements);
  dropMerchandisingBadges(root, stats, elements);
  dropQuickViewButtons(root, stats, elements);
  // Only on one item's or one discussion's page: elsewhere a repeat is often content (a listing's coupon terms, a guide's steps per language).
  if (hints.itemPage || hints.threadPage) dropRepeatedBlocks(root, elements);
  // Last, beside the container rather than in it: a shop's category text below `main` joins what is kept, as it stands.
  const description = findOutsideDescription(root, body, stats);
  const kept = withHeadline(root, body);
  return description ? inDocumentOrder([...kept, description]) : kept;
}

/** Under this many characters, the selection is too little... */
const TOO_LITTLE = 300;
/** ...when the clean step removed this many characters of prose (paragraphs not mostly links). */
const REMOVED_PROSE = 600;
const PROSE_MAX_LINK_DENSITY = 0.3;

/** Whether the first selection kept almost nothing of a page whose clean step removed its prose. */
function keepsTooLittle(root: Element, stats: TextStatsMap, removed: readonly Removal[]): boolean {
  if ((stats.get(root)?.chars ?? 0) >= TOO_LITTLE) return false;
  let prose = 0;
  for (const { element } of removed) {
    for (const paragraph of element.querySelectorAll('p')) {
      const own = stats.get(paragraph);
      if (own && linkDensity(own) <= PROSE_MAX_LINK_DENSITY) prose += own.chars;
    }
  }
  return prose >= REMOVED_PROSE;
}

/**
 * The page's headline (its first h1) joins the content when the chosen container does not hold it, wherever it
 * stands: a headline above a hero, beside the byline or after a gallery is the page's title all the same
 * (decisions.md 8.1: the main content includes the article's headline), in the page's order.
 */
function withHeadline(root: Element, body: Element): Element[] {
  const headline = body.querySelector('h1');
  if (!headline || root === body || root.contains(headline) || headline.contains(root)) return [root];
  return inDocumentOrder([headline, root]);
}

/** The kept elements as the page orders them (none is inside another). */
function inDocumentOrder(elements: Element[]): Element[] {
  return elements.sort((a, b) => (precedes(a, b) ? -1 : 1));
}
