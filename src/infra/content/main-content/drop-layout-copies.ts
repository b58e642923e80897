import { outermost } from './outermost.js';
import { collapsedText } from '../whitespace.js';
import type { TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';
import { pushAll } from '../large-arrays.js';

/**
 * A copy is a whole section: shorter repeats (a price, a disclaimer, a card's name) are drop-repeated-blocks' and
 * often content (a listing's coupon terms).
 */
const MIN_CHARS = 200;
/**
 * A copy written like its original (same tag, same class: one template used twice) goes only from this size: below
 * it, a repeat is the writer's (a warning said in two sections, an API's parameter described for two objects, the
 * blurb every item of an events list shares).
 */
const TEMPLATE_MIN_CHARS = 1000;
/** Repeat by nature: quotes (a forum's reply quotes the post it answers, as drop-repeated-blocks keeps), code, and tab panels (one per language). */
const KEPT = 'blockquote, pre, [role="tabpanel"]';

/**
 * Drops a container whose whole text an earlier container of the content holds word for word, when neither holds
 * the other: the same section written once per screen size, of which a stylesheet shows one (Framer's
 * `ssr-variant`s for desktop, tablet and phone; a `view--lrg` excerpt beside its `view--sml` twin). A reader reads it
 * once. Only the outermost copy goes; the first one stays.
 */
export function dropLayoutCopies(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  // Equal measured lengths (and link lengths) first: reading the text of every large container would cost the square of the page.
  const byLength = new Map<string, Element[]>();
  for (const element of elements.where(() => true)) {
    const own = stats.get(element);
    // Of a wrapper and the child that holds all its text, the wrapper speaks for both.
    if (!own || own.chars < MIN_CHARS || stats.get(element.parentElement!)?.chars === own.chars) continue;
    const key = `${own.chars} ${own.linkChars}`;
    const same = byLength.get(key);
    if (same) same.push(element);
    else byLength.set(key, [element]);
  }
  const copies: Element[] = [];
  for (const group of byLength.values()) if (group.length > 1) pushAll(copies, copiesIn(group, stats.get(group[0])!.chars));
  for (const copy of outermost(copies)) elements.remove(copy);
}

/** The elements of a group (in document order, `chars` long each) whose text an earlier one, not an ancestor, holds. */
function copiesIn(group: readonly Element[], chars: number): Element[] {
  const first = new Map<string, Element>();
  const copies: Element[] = [];
  for (const element of group) {
    const text = collapsedText(element);
    const earlier = first.get(text);
    if (!earlier) first.set(text, element);
    else if (!earlier.contains(element) && isLayoutCopy(element, earlier, chars)) copies.push(element);
  }
  return copies;
}

function isLayoutCopy(copy: Element, original: Element, chars: number): boolean {
  if (copy.closest(KEPT) || copy.querySelector(KEPT)) return false;
  return chars >= TEMPLATE_MIN_CHARS || !writtenAlike(copy, original);
}

/** Same tag and same class: two places of one template, not variants. */
function writtenAlike(a: Element, b: Element): boolean {
  return a.localName === b.localName && (a.getAttribute('class') ?? '') === (b.getAttribute('class') ?? '');
}
