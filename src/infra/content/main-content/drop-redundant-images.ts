import { selectorTest } from '../selector-test.js';
import { TextStatsMap } from './text-stats.js';
import { collapseWhitespace } from '../whitespace.js';
import { ContentElements } from './content-elements.js';

/** Alt texts of images that say nothing about the content: logos, icons, avatars, placeholders. */
const DECORATIVE_ALT = /\b(logo|icon|avatar|profile (photo|picture|image)|author|placeholder|spinner|loading|badge|sprite|primary image|thumbnail)\b/i;
/** How far up an image's card is looked for text that already says what its alt says... */
const CARD_DEPTH = 6;
/** ...and how much text a card holds at most (beyond it, the ancestor is a section, not a card). */
const CARD_CHARS = 600;
/** A container of this many images or more... */
const GALLERY_IMAGES = 3;
/** ...with fewer characters of text than this per image is a gallery, a carousel or a strip of swatches. */
const GALLERY_CHARS_PER_IMAGE = 15;
/** A link to an image file: an article's picture opening full size (a lightbox), not a link to another page. */
const IS_IMAGE_WITH_ALT = selectorTest('img[alt]');
const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|svg|bmp|tiff?)(?:[?#]|$)/i;

/**
 * The text format renders an image as its alt text; a decorative image, or one whose alt repeats the text of the
 * card or link it sits in (a product grid's name under its picture), would only repeat or add noise, so it goes.
 * So does an image that links to another page: a card's, a banner's or a teaser's thumbnail, never the content's own;
 * an image of a gallery (its alts are views of one thing: "Alt view 2 of 17"); and an alt said already.
 */
export function dropRedundantImages(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  const texts = new Map<Element, string>();
  const textOf = (card: Element) => texts.get(card) ?? texts.set(card, normalize(card.textContent ?? '')).get(card)!;
  const images = elements.where(IS_IMAGE_WITH_ALT);
  const inGallery = galleryTest(images, root, stats);
  const said = new Set<string>();
  for (const image of images) {
    const alt = normalize(image.getAttribute('alt') ?? '');
    if (alt === '') continue;
    const redundant = DECORATIVE_ALT.test(alt) || said.has(alt) || linksElsewhere(image) || inGallery(image) || repeatedNearby(image, alt, stats, textOf);
    said.add(alt);
    if (redundant) elements.remove(image);
  }
}

/** Whether an image sits in a gallery: an ancestor (up to the card depth) of several images and almost no text. */
function galleryTest(images: readonly Element[], root: Element, stats: TextStatsMap): (image: Element) => boolean {
  const counts = new Map<Element, number>();
  const ancestors = (image: Element) => {
    const found: Element[] = [];
    for (let node = image.parentElement; node && node !== root && found.length < CARD_DEPTH; node = node.parentElement) found.push(node);
    return found;
  };
  for (const image of images) for (const node of ancestors(image)) counts.set(node, (counts.get(node) ?? 0) + 1);
  return (image) => ancestors(image).some((node) => {
    const count = counts.get(node) ?? 0;
    return count >= GALLERY_IMAGES && (stats.get(node)?.chars ?? 0) < count * GALLERY_CHARS_PER_IMAGE;
  });
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
