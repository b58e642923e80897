import { PROSE_BLOCK_NAMES, proseBlocks } from './prose-blocks.js';
import type { TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';

/** Captions of figures, which an article's readers take as the picture's, not the story's. */
const FURNITURE_TAGS = new Set(['figcaption']);
/**
 * Class or id names of what articles carry around the story (found on the WCXB dev split): a name that ends in
 * caption, byline, author or credit (`wp-caption-text`'s kin, `post-author`, `photo-credit`), or names an author box.
 * Only the name's last word counts: `caption-m` is a type size, `research-card_authors` a listing's field.
 */
const FURNITURE_NAMES = /(^|\s)([\w-]*[-_])?(captions?|caption-text|byline|author|credits?|author-(box|bio|info|card))(?=$|\s)/i;
/** The content is an article when paragraphs hold this share of its text outside links... */
const ARTICLE_PROSE_SHARE = 0.5;
/** ...and this many characters. */
const ARTICLE_MIN_PROSE = 1000;
/** A furniture-named element holding this share of the content is the content's wrapper. */
const WRAPPER_SHARE = 0.5;

/**
 * Inside an article (content written in paragraphs), drops the furniture around the story: figure captions,
 * bylines, author boxes and photo credits. Not on other pages, where a
 * product's or a service's captions and authors are often the content.
 */
export function dropArticleFurniture(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  const own = stats.get(root);
  if (!own || !isArticle(root, stats, own.chars - own.linkChars, elements)) return;
  elements.removeOutermost((element) => isFurniture(element, stats, own.chars));
}

function isArticle(root: Element, stats: TextStatsMap, unlinked: number, elements: ContentElements): boolean {
  let prose = 0;
  for (const { chars } of proseBlocks(root, stats, elements.named(PROSE_BLOCK_NAMES))) prose += chars;
  return prose >= ARTICLE_MIN_PROSE && prose >= unlinked * ARTICLE_PROSE_SHARE;
}

function isFurniture(element: Element, stats: TextStatsMap, total: number): boolean {
  if (FURNITURE_TAGS.has(element.localName)) return true;
  const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
  if (!FURNITURE_NAMES.test(names)) return false;
  return (stats.get(element)?.chars ?? 0) < total * WRAPPER_SHARE && element.querySelector('h1') === null;
}
