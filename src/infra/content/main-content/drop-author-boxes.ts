import type { TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';

/** A title of a box about who wrote or reviewed the piece ("About the Author", "About the Reviewer:"). */
const AUTHOR_BOX_TITLE = /^about the (author|reviewer|writer)s?:?$/i;
/** No title above this many characters is read: the test runs on the stats alone for every other element. */
const TITLE_MAX_CHARS = 24;
/** The box holds under this share of the content: a larger one is the piece itself (an author's own page). */
const BOX_SHARE = 0.3;

/**
 * Drops the boxes that present the piece's author or reviewer under their own "About the Author" title, which the
 * story's readers take as the site's, not the story's (WCXB dev: Harvard Health, Motley Fool, Influencer Marketing
 * Hub). Found by the title's text, as such boxes often carry only layout classes (Tailwind's `bg-blue-50 px-4`) and
 * the title is a heading or a plain `div`. The box is the title's parent when the title opens it; a parent that holds
 * the title alone is a layout column beside the bio's, and the box is the row above it.
 */
export function dropAuthorBoxes(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  const total = stats.get(root)?.chars ?? 0;
  const titles = elements.where((element) => isTitle(element, stats, elements));
  for (const title of titles) {
    let box = title.parentElement;
    if (box && box !== root && stats.get(box)?.chars === stats.get(title)?.chars) box = box.parentElement;
    if (box && box !== root && root.contains(box) && (stats.get(box)?.chars ?? total) < total * BOX_SHARE) elements.remove(box);
  }
}

function isTitle(element: Element, stats: TextStatsMap, elements: ContentElements): boolean {
  const chars = stats.get(element)?.chars ?? 0;
  if (chars === 0 || chars > TITLE_MAX_CHARS || element.parentElement?.firstElementChild !== element) return false;
  // The collapsed text first (read once for the passes after, content-elements.ts): a title as written, one space
  // between its words, reads so collapsed too; then the text as written, as a title split over lines is none.
  return AUTHOR_BOX_TITLE.test(elements.text(element)) && AUTHOR_BOX_TITLE.test((element.textContent ?? '').trim());
}
