import { TextStatsMap } from './text-stats.js';
import { collapseWhitespace } from '../whitespace.js';

/** Alt texts of images that say nothing about the content: logos, icons, avatars, placeholders. */
const DECORATIVE_ALT = /\b(logo|icon|avatar|profile (photo|picture|image)|author|placeholder|spinner|loading|badge|sprite|primary image|thumbnail)\b/i;
/** How far up an image's card is looked for text that already says what its alt says... */
const CARD_DEPTH = 6;
/** ...and how much text a card holds at most (beyond it, the ancestor is a section, not a card). */
const CARD_CHARS = 600;
/** A link to an image file: an article's picture opening full size (a lightbox), not a link to another page. */
const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|svg|bmp|tiff?)(?:[?#]|$)/i;

/**
 * The text format renders an image as its alt text; a decorative image, or one whose alt repeats the text of the
 * card or link it sits in (a product grid's name under its picture), would only repeat or add noise, so it goes.
 * So does an image that links to another page: a card's, a banner's or a teaser's thumbnail, never the content's own.
 */
export function dropRedundantImages(root: Element, stats: TextStatsMap): void {
  const texts = new Map<Element, string>();
  const textOf = (card: Element) => texts.get(card) ?? texts.set(card, normalize(card.textContent ?? '')).get(card)!;
  for (const image of [...root.querySelectorAll('img[alt]')]) {
    const alt = normalize(image.getAttribute('alt') ?? '');
    if (alt === '') continue;
    if (DECORATIVE_ALT.test(alt) || linksElsewhere(image) || repeatedNearby(image, alt, stats, textOf)) image.remove();
  }
}

function linksElsewhere(image: Element): boolean {
  const href = image.closest('a')?.getAttribute('href')?.trim();
  return href !== undefined && href !== '' && !IMAGE_FILE.test(href);
}

function repeatedNearby(image: Element, alt: string, stats: TextStatsMap, textOf: (card: Element) => string): boolean {
  let card: Element | null = image.parentElement;
  for (let depth = 0; card && depth < CARD_DEPTH && (stats.get(card)?.chars ?? 0) <= CARD_CHARS; depth += 1, card = card.parentElement) {
    if (textOf(card).includes(alt)) return true;
  }
  return false;
}

function normalize(text: string): string {
  return collapseWhitespace(text).trim().toLowerCase();
}
