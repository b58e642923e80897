import { leadingElement } from './leading-element.js';
import type { PageElements } from './page-elements.js';

const HEADING = /^h[1-6]$/;
/** Words of an id, as a document generator makes them from a heading's text (`2.1.3. Comments¶` → 2, 1, 3, comments). */
const WORDS = /[\p{L}\p{N}]+/gu;

/**
 * The class and id text the clean step judges each element by (page-elements.ts's `words`), less what names no part
 * of the page's layout:
 * - anything inside a `pre`: a code listing is kept verbatim (decisions.md 8.1), so highlighters' token classes
 *   (`hljs-comment`, Prism's `token comment`) never make its lines boilerplate;
 * - an anchor id: a heading's own id, a definition term's (`dt id="email.header.decode_header"`: an API's name), and
 *   the id of an element that begins with a heading whose words hold all the id's words (Sphinx's
 *   `<section id="cookie-objects"><h2>Cookie Objects</h2>`). Generators make these from the text, so a section titled
 *   "Comments" or "Related functions" is content; a layout's own id (`div#comments` over "3 thoughts on…") still counts.
 */
export function namingWords(elements: PageElements): string[] {
  const words = [...elements.words];
  const { order, tags, ends, bare } = elements;
  for (let index = 0; index < order.length; index += 1) {
    if (tags[index] === 'pre') {
      words.fill(' ', index + 1, ends[index]);
      index = ends[index] - 1;
      continue;
    }
    if (bare[index]) continue;
    const id = order[index].getAttribute('id');
    if (id && isAnchorId(order[index], tags[index], id)) words[index] = order[index].getAttribute('class') ?? ' ';
  }
  return words;
}

function isAnchorId(element: Element, tag: string, id: string): boolean {
  if (tag === 'dt' || HEADING.test(tag)) return true;
  const first = leadingElement(element);
  if (!first || !HEADING.test(first.localName.toLowerCase())) return false;
  const heading = new Set((first.textContent ?? '').toLowerCase().match(WORDS) ?? []);
  const named = id.toLowerCase().match(WORDS) ?? [];
  return named.length > 0 && named.every((word) => heading.has(word));
}
