import { INNER_BLOCK_TAGS } from '../html-tags.js';
import { selectorTest } from '../selector-test.js';
import { TextStatsMap } from './text-stats.js';
import { collapseWhitespace } from '../whitespace.js';
import { ContentElements } from './content-elements.js';

/** Alt texts of images that say nothing about the content: logos, icons, avatars, placeholders. */
const DECORATIVE_ALT = /\b(logo|icon|avatar|profile (photo|picture|image)|author|placeholder|spinner|loading|badge|sprite|primary image|thumbnail)\b/i;
/** How far up an image's card is looked for text that already says what its alt says... */
const CARD_DEPTH = 6;
/** ...and how much text a card holds at most (beyond it, the ancestor is a section, not a card)... */
const CARD_CHARS = 600;
/** ...and how many links (a gallery of linked thumbnails is no card: each image would read all its links). */
const CARD_LINKS = 12;
/** A link of more pictures than this is a gallery's, no teaser's (each picture would walk all of it). */
const LINK_PICTURES = 12;
/** A container of this many images or more... */
const GALLERY_IMAGES = 3;
/** ...with fewer characters of text than this per image is a gallery, a carousel or a strip of swatches. */
const GALLERY_CHARS_PER_IMAGE = 15;
const IS_IMAGE = selectorTest('img');
const IS_IMAGE_WITH_ALT = (image: Element) => image.hasAttribute('alt');
/** An address a link follows to another page: not a fragment of this one, nor one that runs script or holds data. */
const NAVIGABLE = /^(?!#|(javascript|vbscript|data):)/i;
/** A link to an image file: an article's picture opening full size (a lightbox), not a link to another page. */
const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|svg|bmp|tiff?)(?:[?#]|$)/i;

/**
 * The text format renders an image as its alt text; a decorative image, or one whose alt repeats the text of the
 * card or link it sits in (a product grid's name under its picture), would only repeat or add noise, so it goes.
 * So does a teaser's thumbnail, with or without alt: an image linking to another page that a text link beside it (the
 * card's title) also names, or whose link holds the teaser's heading; an image in a link of the content's own (a
 * picture in a paragraph) stays. So do an image of a gallery (its alts are views of one thing: "Alt view 2 of 17")
 * and an alt said already.
 */
export function dropRedundantImages(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  const texts = new Map<Element, string>();
  const textOf = (card: Element) => texts.get(card) ?? texts.set(card, normalize(card.textContent ?? '')).get(card)!;
  const links = new Map<Element, Element[]>();
  const linksOf = (card: Element) => links.get(card) ?? links.set(card, [...card.getElementsByTagName('a')]).get(card)!;
  const imageCounts = new Map<Element, number>();
  const imagesIn = (link: Element) => imageCounts.get(link) ?? imageCounts.set(link, link.getElementsByTagName('img').length).get(link)!;
  const card: CardReader = { stats, textOf, linksOf, imagesIn };
  const images = elements.where(IS_IMAGE);
  const inGallery = galleryTest(images.filter(IS_IMAGE_WITH_ALT), root, stats);
  const said = new Set<string>();
  for (const image of images) {
    const alt = normalize(image.getAttribute('alt') ?? '');
    if (alt === '') {
      if (isThumbnail(image, card)) elements.remove(image);
      continue;
    }
    const redundant = DECORATIVE_ALT.test(alt) || said.has(alt) || isThumbnail(image, card) || inGallery(image) || repeatedNearby(image, alt, stats, textOf);
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

/**
 * Whether the image is a teaser's thumbnail: it links to another page (not its own picture file, nor a `#` or script
 * address, which go nowhere), and its card says so in words: a block of text inside the image's own link (a card that
 * is one link: its title or heading beside the picture), or a named link to the same page (the title under it).
 */
function isThumbnail(image: Element, { stats, textOf, linksOf, imagesIn }: CardReader): boolean {
  const link = image.closest('a');
  const href = link?.getAttribute('href')?.trim();
  if (!link || !href || !NAVIGABLE.test(href) || IMAGE_FILE.test(href)) return false;
  if (imagesIn(link) > LINK_PICTURES) return false;
  const page = withoutFragment(href);
  let card: Element | null = link;
  for (let depth = 0; card && depth < CARD_DEPTH && (stats.get(card)?.chars ?? 0) <= CARD_CHARS; depth += 1, card = card.parentElement) {
    if (card === link) {
      if (holdsTextBlock(link, image, textOf)) return true;
      continue;
    }
    const others = linksOf(card);
    if (others.length > CARD_LINKS) return false;
    for (const other of others) {
      if (other !== link && withoutFragment(other.getAttribute('href')?.trim() ?? '') === page && isNamed(other, textOf)) return true;
    }
  }
  return false;
}

/** What a card is read by: its text's size, its text, its links; each read once a pass. */
interface CardReader {
  readonly stats: TextStatsMap;
  readonly textOf: (card: Element) => string;
  readonly linksOf: (card: Element) => Element[];
  readonly imagesIn: (link: Element) => number;
}

/** Whether a link holds a block with text beside the image (a card's title), not only phrasing (a picture in a sentence). */
function holdsTextBlock(element: Element, image: Element, textOf: (card: Element) => string): boolean {
  for (const inner of element.children) {
    if (inner.contains(image) ? holdsTextBlock(inner, image, textOf) : INNER_BLOCK_TAGS.has(inner.localName) ? textOf(inner) !== '' : holdsTextBlock(inner, image, textOf)) return true;
  }
  return false;
}

/** Whether a link has a name: its text, or its `aria-label` (a card's link over the picture named for the product). */
function isNamed(link: Element, textOf: (card: Element) => string): boolean {
  return textOf(link) !== '' || (link.getAttribute('aria-label')?.trim() ?? '') !== '';
}

function withoutFragment(href: string): string {
  const hash = href.indexOf('#');
  return hash < 0 ? href : href.slice(0, hash);
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
