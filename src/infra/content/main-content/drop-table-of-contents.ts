import { outermost } from './outermost.js';
import { elementsNamed } from '../find-elements.js';
import { linkDensity, type TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';

/** A table of contents' own title: a reader skips it with the list it heads. */
const TITLE = /^(table of contents|contents|in this (article|post|guide|page)|on this page|jump to( section)?|article contents|page contents|what's inside)\s*:?$/i;
const MAX_TITLE_CHARS = 40;
/** A list of this many in-page links, or more, that is nearly all links is a table of contents... */
const MIN_LINKS = 3;
const MIN_LINK_DENSITY = 0.8;
/** ...when a title comes just before it, or before the wrapper it opens (`<nav><h2>Contents</h2><div><ul>`), up to this many levels. */
const TITLE_DEPTH = 3;
/** Where a title alone sits when it is a widget's label, not a section's heading ("## Table of Contents / See SUMMARY.md"). */
const LABELS = 'p, div, span, strong, b, summary, button, label';
const HEADINGS = 'h1, h2, h3, h4, h5, h6';
const LISTS = new Set(['ul', 'ol', 'dl']);
/** Tag lists found by one walk (find-elements.ts), not by the selector engine's closures. */
const TOC_LISTS = new Set(['ul', 'ol']);
const LABEL_TAGS = new Set(LABELS.split(', '));
const LINKS = new Set(['a']);

/**
 * Drops a table of contents: a list of links to the page's own sections, and its title ("Table of contents", "In
 * this article"). The sections follow with these very headings, so the list only repeats them; readers skip it.
 * Kept: an untitled list, a list with a link elsewhere (a related-reading list is another pass's call), and footnote lists, which are
 * text more than links.
 */
export function dropTableOfContents(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  const titles = new Set<Element>();
  const tables = elements.named(TOC_LISTS).filter((list) => {
    const title = isTableOfContents(list, stats) ? titleOf(list, root, stats, elements) : undefined;
    if (title) titles.add(title);
    return title !== undefined;
  });
  for (const list of outermost(tables)) elements.remove(list);
  // A title alone is a collapsed table's (its list hidden, or built by a script); a heading alone may open a section,
  // and a title over a list still there heads links to other pages (a manual's chapter page), which are its content.
  for (const element of elements.named(LABEL_TAGS)) {
    if (isTitle(element, stats, elements) && !element.closest(HEADINGS) && !LISTS.has(nextAfter(element, root)?.localName ?? '')) titles.add(element);
  }
  for (const title of titles) elements.remove(title);
}

/** Only a titled list goes: an untitled one is as often a guide's outline that readers keep (a reference's "Usage" list). */
function titleOf(list: Element, root: Element, stats: TextStatsMap, elements: ContentElements): Element | undefined {
  for (let node: Element | null = list, depth = 0; node && node !== root && depth < TITLE_DEPTH; node = node.parentElement, depth++) {
    const before = node.previousElementSibling;
    if (before) return isTitle(before, stats, elements) ? before : undefined;
  }
  return undefined;
}

/** The element after this one, or after the wrapper it ends (`<p><strong>Contents</strong></p><dl>`). */
function nextAfter(element: Element, root: Element): Element | null {
  for (let node: Element | null = element, depth = 0; node && node !== root && depth < TITLE_DEPTH; node = node.parentElement, depth++) {
    if (node.nextElementSibling) return node.nextElementSibling;
  }
  return null;
}

function isTitle(element: Element, stats: TextStatsMap, elements: ContentElements): boolean {
  const chars = stats.get(element)?.chars ?? 0;
  return chars > 0 && chars <= MAX_TITLE_CHARS && TITLE.test(elements.text(element));
}

function isTableOfContents(list: Element, stats: TextStatsMap): boolean {
  const links = elementsNamed(list, LINKS);
  if (links.length < MIN_LINKS || linkDensity(stats.get(list)) < MIN_LINK_DENSITY) return false;
  return links.every((link) => /^#./.test(link.getAttribute('href') ?? ''));
}
