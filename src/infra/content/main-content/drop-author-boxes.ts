import type { TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';

const HEADINGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);
/** A heading that titles a box about who wrote or reviewed the piece ("About the Author", "About the Reviewer:"). */
const AUTHOR_BOX_TITLE = /^about the (author|reviewer|writer)s?:?$/i;
/** The box holds under this share of the content: a larger one is the piece itself (an author's own page). */
const BOX_SHARE = 0.3;

/**
 * Drops the boxes that present the piece's author or reviewer under their own "About the Author" heading, which the
 * story's readers take as the site's, not the story's (WCXB dev: Harvard Health, Motley Fool). Found by the heading's
 * text, as such boxes often carry only layout classes (Tailwind's `bg-blue-50 px-4`); the box is the heading's parent
 * when the heading opens it.
 */
export function dropAuthorBoxes(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  const total = stats.get(root)?.chars ?? 0;
  for (const heading of elements.named(HEADINGS)) {
    const box = heading.parentElement;
    if (!box || box === root || box.firstElementChild !== heading) continue;
    if (!AUTHOR_BOX_TITLE.test((heading.textContent ?? '').trim())) continue;
    if ((stats.get(box)?.chars ?? total) < total * BOX_SHARE) elements.remove(box);
  }
}
