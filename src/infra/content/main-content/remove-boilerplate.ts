import { AD_NAMES, BOILERPLATE_NAMES, BOILERPLATE_ROLES, COMMENT_NAMES, CONSENT_NAMES, CONTENT_NAMES } from './boilerplate-patterns.js';
import { BOILERPLATE_TAGS } from '../html-tags.js';
import { isHidden } from '../hidden.js';
import { isStreamedBoundary, revealHiddenWrapper, revealStreamedBoundary } from './reveal-streamed-content.js';
import { linkDensity, TextStatsMap } from './text-stats.js';

const FOOTNOTE_ROLES = new Set(['note', 'doc-footnote', 'doc-endnotes', 'doc-endnote']);
const FOOTNOTE_CLASS = /(^|[ \t\n\r\f])(footnote|footnote-list|footnotes)(?=$|[ \t\n\r\f])/;

/** A boilerplate-looking element is kept when it holds this share of the page's text (a page-wide wrapper)... */
const WRAPPER_SHARE = 0.5;
/** ...or this share, as prose rather than links (a layout class such as `sidebar-first` on the content column). */
const PROSE_SHARE = 0.25;
const PROSE_LINK_DENSITY = 0.35;
/** Comments that hold this share of the page's text are the page (a forum thread), not a thread under it. */
const DISCUSSION_SHARE = 0.4;
/** A comment-named element holding more of the page than this is the page's wrapper. */
const THREAD_MAX_SHARE = 0.9;
/** Paragraph characters outside the comment blocks that make the page an article with comments. */
const ARTICLE_PROSE = 2000;

/** Which class/id words count on this page, and each element's class and id text, read once. */
interface NameRules {
  readonly comments: boolean;
  readonly names: ClassAndIdCache;
}

/**
 * The class attribute is slow to read on linkedom, and each element is asked up to three times. The cache lives for
 * one call: a module-wide WeakMap, which every element of every page would pass through, costs more than it saves.
 */
type ClassAndIdCache = Map<Element, string>;

/**
 * The clean step: removes hidden elements and boilerplate (by tag, ARIA role, or class/id words) from the body,
 * except an element that holds the page's headline or most of its text. Comment threads stay on a discussion page;
 * streamed content, and a hidden wrapper of most of the page, are revealed on the way.
 */
export function removeBoilerplate(body: Element, stats: TextStatsMap): void {
  const total = stats.get(body)?.chars ?? 0;
  const names: ClassAndIdCache = new Map();
  const rules = { comments: !isDiscussion(body, stats, total, names), names };
  const doomed: Element[] = [];
  const walk = (element: Element): void => {
    for (const child of element.children) {
      if (isStreamedBoundary(child)) revealStreamedBoundary(child);
      if (isConsent(child, names) || isCommentThread(child, rules, stats, total) || (isBoilerplate(child, rules) && !isWrapper(child, stats, total))) {
        doomed.push(child);
        continue;
      }
      if (isConcealed(child)) revealHiddenWrapper(child);
      walk(child);
    }
  };
  walk(body);
  for (const element of doomed) element.remove();
}

/** Whether the element is boilerplate by its tag, role, visibility or class/id words. */
export function isBoilerplate(element: Element, rules: NameRules = { comments: true, names: new Map() }): boolean {
  if ((BOILERPLATE_TAGS.has(element.localName) && !isFootnote(element)) || isConcealed(element)) return true;
  const role = element.getAttribute('role');
  if (role && BOILERPLATE_ROLES.has(role.toLowerCase())) return true;
  if (element.localName === 'header') return element.closest('article') === null && element.querySelector('h1') === null;
  const words = classAndId(element, rules.names);
  if (CONTENT_NAMES.test(words)) return false;
  return BOILERPLATE_NAMES.test(words) || AD_NAMES.test(words) || (rules.comments && COMMENT_NAMES.test(words));
}

/** Footnotes that docutils and DPUB-ARIA write as `aside`: the text's own notes, which a reader sees under it. */
function isFootnote(element: Element): boolean {
  if (element.localName !== 'aside') return false;
  const role = element.getAttribute('role');
  return (role !== null && FOOTNOTE_ROLES.has(role)) || FOOTNOTE_CLASS.test(element.getAttribute('class') ?? '');
}

/**
 * The comment thread under a post goes even when it outweighs the post (sixty comments under a blog post), unless
 * it holds the headline or nearly the whole page (a wrapper whose class says `comments-open`).
 */
function isCommentThread(element: Element, rules: NameRules, stats: TextStatsMap, total: number): boolean {
  if (!rules.comments) return false;
  const words = classAndId(element, rules.names);
  if (CONTENT_NAMES.test(words) || !COMMENT_NAMES.test(words)) return false;
  return (stats.get(element)?.chars ?? 0) < total * THREAD_MAX_SHARE && element.querySelector('h1') === null;
}

/** A cookie or consent manager goes whatever its size. */
function isConsent(element: Element, names: ClassAndIdCache): boolean {
  return CONSENT_NAMES.test(classAndId(element, names));
}

/**
 * A page whose comment blocks hold much of its text is a discussion: there the comments are the content. Not a post
 * with prose of its own outside them (a blog post under 60 comments): its comments stay boilerplate.
 */
function isDiscussion(body: Element, stats: TextStatsMap, total: number, names: ClassAndIdCache): boolean {
  let chars = 0;
  let prose = 0;
  const walk = (element: Element): void => {
    for (const child of element.children) {
      if (COMMENT_NAMES.test(classAndId(child, names))) chars += stats.get(child)?.chars ?? 0;
      else if (child.localName === 'p') prose += proseChars(stats.get(child));
      else walk(child);
    }
  };
  walk(body);
  return total > 0 && chars >= total * DISCUSSION_SHARE && prose < ARTICLE_PROSE;
}

function proseChars(own: { chars: number; linkChars: number } | undefined): number {
  return own && linkDensity(own) < PROSE_LINK_DENSITY ? own.chars : 0;
}

function classAndId(element: Element, cache: ClassAndIdCache): string {
  let names = cache.get(element);
  if (names === undefined) {
    names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
    cache.set(element, names);
  }
  return names;
}

/** Hidden (hidden.ts), or hidden from assistive technology (`aria-hidden="true"`: off-screen menus, duplicated copies). */
function isConcealed(element: Element): boolean {
  return isHidden(element) || element.getAttribute('aria-hidden') === 'true';
}

function isWrapper(element: Element, stats: TextStatsMap, total: number): boolean {
  const own = stats.get(element);
  const chars = own?.chars ?? 0;
  if (chars >= total * WRAPPER_SHARE) return true;
  if (chars >= total * PROSE_SHARE && linkDensity(own) < PROSE_LINK_DENSITY) return true;
  return element.querySelector('h1') !== null;
}
