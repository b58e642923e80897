import { AD_NAMES, BLOG_COMMENTS_SELECTOR, BOILERPLATE_NAMES, boilerplateWord, BOILERPLATE_ROLES, COMMENT_HEADED_NAMES, COMMENT_NAMES, CONSENT_NAMES, CONTENT_NAMES, SIDEBAR_LAYOUT_NAMES } from './boilerplate-patterns.js';
import { firstElementWhere, tagOf } from '../find-elements.js';
import { BOILERPLATE_TAGS } from '../html-tags.js';
import { isHidden } from '../hidden.js';
import { isCollapsedPanel } from './collapsed-panels.js';
import { isFooterAfterHeadline } from './footer-after-headline.js';
import { landmarkSeries } from './landmark-series.js';
import { isPageChrome } from './page-chrome.js';
import { areThreadReplies } from './thread-replies.js';
import { isWrapperPart } from './wrapper-parts.js';
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
/** Characters of text a `main` landmark needs for boilerplate outside it to be boilerplate whatever its size. */
const MAIN_MIN_CHARS = 500;
/** A comment-named element holding more of the page than this is the page's wrapper. */
const THREAD_MAX_SHARE = 0.9;
/** Paragraph characters outside the comment blocks that make the page an article with comments. */
const ARTICLE_PROSE = 2000;

/** Which class/id words count on this page, and each element's class and id text, read once. */
interface NameRules {
  readonly comments: boolean;
  /** False on the relaxed second pass: class and id words are not read (Readability without FLAG_STRIP_UNLIKELYS). */
  readonly byName?: boolean;
  readonly names: ClassAndIdCache;
}

/**
 * The class attribute is slow to read on linkedom, and each element is asked up to three times. The cache lives for
 * one call: a module-wide WeakMap, which every element of every page would pass through, costs more than it saves.
 */
type ClassAndIdCache = Map<Element, ClassAndId>;

/**
 * An element's class and id text, and the answers of the consent and comment words, which both the survey and the
 * walk ask of the same elements: each regular expression runs once an element (on first asking).
 */
interface ClassAndId {
  readonly words: string;
  consent?: boolean;
  comment?: boolean;
}

/**
 * The clean step: removes hidden elements and boilerplate (by tag, ARIA role, or class/id words) from the body,
 * except an element that holds the page's headline or most of its text. Comment threads stay on a discussion page;
 * streamed content, and a hidden wrapper of most of the page, are revealed on the way.
 */
export function removeBoilerplate(body: Element, stats: TextStatsMap, options: { byName?: boolean; threadPage?: boolean } = {}): Removal[] {
  const names: ClassAndIdCache = new Map();
  const survey = surveyPage(body, stats, names);
  // The page's text is what a reader sees once the consent dialog is dismissed.
  const total = (stats.get(body)?.chars ?? 0) - survey.consentChars;
  const rules = { comments: !isDiscussion(survey, total) && !areThreadReplies(survey, total, options.threadPage ?? false), names, byName: options.byName ?? true };
  const landmark = mainLandmark(body, stats);
  const wrappers = { landmark, headline: body.querySelector('h1') };
  // A wrapper's share is of the page without its header, footer and menus: a 5.7k-character mega menu is no part of it.
  // Only for what its class or id words alone would remove (a `promo` box of the services): a dialog or a form stays measured against the whole page.
  const content = total - survey.chromeChars;
  const byTag = { ...rules, byName: false };
  const doomed: Element[] = [];
  // What class or id words alone removed (not a tag, role, or hiding), for the landmark's series below.
  const byName: Element[] = [];
  // `wrapperWord`: the boilerplate word of the innermost boilerplate-named element kept as a wrapper (wrapper-parts.ts).
  const walk = (element: Element, inChrome: boolean, wrapperWord: string | undefined): void => {
    // From sibling to sibling, not through `children` (a list built at each call): the walk only reads, and removes after.
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
      if (isStreamedBoundary(child)) revealStreamedBoundary(child);
      const words = classAndId(child, names).words;
      const chrome = inChrome || isPageChrome(child, words);
      if (isConsent(child, names) || isCommentThread(child, rules, stats, total)) {
        doomed.push(child);
        continue;
      }
      // Asked of tags and roles alone only of what looks like boilerplate (few elements), and once.
      const looksIt = isBoilerplate(child, rules);
      const byTagOrRole = looksIt && isBoilerplate(child, byTag);
      const boilerplate = looksIt && (byTagOrRole || !isWrapperPart(words, wrapperWord));
      if (boilerplate) {
        const nameOnly = !chrome && !byTagOrRole;
        if (!isWrapper(child, stats, nameOnly ? content : total, wrappers)) {
          doomed.push(child);
          if (nameOnly) byName.push(child);
          continue;
        }
      }
      if (isConcealed(child)) revealHiddenWrapper(child);
      walk(child, chrome, boilerplate && rules.byName ? (boilerplateWord(words) ?? wrapperWord) : wrapperWord);
    }
  };
  walk(body, false, undefined);
  const series = landmark ? landmarkSeries(byName, landmark, stats) : [];
  const removals = doomed.filter((element) => !series.includes(element)).map((element) => ({ element, parent: element.parentElement!, next: element.nextSibling }));
  for (const { element } of removals) element.remove();
  return removals;
}

/** What the clean step removed, with where it was, so that a second pass can put it back. */
export interface Removal {
  readonly element: Element;
  readonly parent: Element;
  readonly next: ChildNode | null;
}

/**
 * Puts removed elements back where they were (last first, so that each one's next sibling is back before it). When
 * only some of the clean step's removals come back, `among` holds them all: an element whose next sibling stays out
 * goes before that sibling's own next, and so on.
 */
export function putBack(removals: readonly Removal[], among: readonly Removal[] = removals): void {
  const nextOf = new Map<ChildNode, ChildNode | null>(among.map(({ element, next }) => [element, next]));
  for (let index = removals.length - 1; index >= 0; index -= 1) {
    const { element, parent } = removals[index];
    let next = removals[index].next;
    while (next && next.parentNode !== parent) next = nextOf.get(next) ?? null;
    parent.insertBefore(element, next);
  }
}

/** Whether the element is boilerplate by its tag, role, visibility or class/id words. */
export function isBoilerplate(element: Element, rules: NameRules = { comments: true, names: new Map() }): boolean {
  if ((BOILERPLATE_TAGS.has(element.localName) && !isFootnote(element)) || (isConcealed(element) && !isCollapsedPanel(element))) return true;
  const role = bare(element) ? null : element.getAttribute('role');
  if (role && BOILERPLATE_ROLES.has(role.toLowerCase()) && !isAccordion(element, role)) return true;
  if (element.localName === 'header') return element.closest('article') === null && element.querySelector('h1') === null;
  if (rules.byName === false) return false;
  const words = classAndId(element, rules.names).words;
  if (CONTENT_NAMES.test(words) || SIDEBAR_LAYOUT_NAMES.test(words)) return false;
  return BOILERPLATE_NAMES.test(words) || AD_NAMES.test(words) || (rules.comments && isCommentNamed(element, rules.names));
}

/** A `tablist` that holds its panels is an accordion (Bootstrap's `panel-group`): the panels are the page's sections, not a widget's tabs. */
function isAccordion(element: Element, role: string): boolean {
  return role.toLowerCase() === 'tablist' && element.querySelector('[role="tabpanel"]') !== null;
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
  if (!rules.comments || rules.byName === false) return false;
  if (!isCommentNamed(element, rules.names)) return false;
  const words = classAndId(element, rules.names).words;
  if (CONTENT_NAMES.test(words) && !COMMENT_HEADED_NAMES.test(words)) return false;
  return (stats.get(element)?.chars ?? 0) < total * THREAD_MAX_SHARE && element.querySelector('h1') === null;
}

/** A cookie or consent manager goes whatever its size. */
function isConsent(element: Element, names: ClassAndIdCache): boolean {
  const own = classAndId(element, names);
  return (own.consent ??= CONSENT_NAMES.test(own.words));
}

function isCommentNamed(element: Element, names: ClassAndIdCache): boolean {
  const own = classAndId(element, names);
  return (own.comment ??= COMMENT_NAMES.test(own.words));
}

/** What one walk of the page finds: comment threads, prose outside them, and consent managers (which go whatever their size). */
interface PageSurvey {
  readonly commentChars: number;
  readonly prose: number;
  readonly consentChars: number;
  /** Text of the page's header, footer and menus (outermost ones). */
  readonly chromeChars: number;
  /** Whether a comment block is a blog's comment area, which sits under a post. */
  readonly blogComments: boolean;
}

function surveyPage(body: Element, stats: TextStatsMap, names: ClassAndIdCache): PageSurvey {
  let commentChars = 0;
  let prose = 0;
  let consentChars = 0;
  let chromeChars = 0;
  let blogComments = false;
  // From sibling to sibling, not through `children` (a list built at each call): the survey only reads.
  const walk = (element: Element): void => {
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
      if (isConsent(child, names)) consentChars += stats.get(child)?.chars ?? 0;
      else if (isPageChrome(child, classAndId(child, names).words)) chromeChars += chromeOf(stats.get(child)?.chars ?? 0, stats.get(body)?.chars ?? 0);
      else if (isCommentNamed(child, names)) {
        commentChars += stats.get(child)?.chars ?? 0;
        blogComments ||= child.matches(BLOG_COMMENTS_SELECTOR) || child.querySelector(BLOG_COMMENTS_SELECTOR) !== null;
      }
      else if (child.localName === 'p') prose += proseChars(stats.get(child));
      else walk(child);
    }
  };
  walk(body);
  return { commentChars, prose, consentChars, chromeChars, blogComments };
}

/**
 * A page whose comment blocks hold much of its text is a discussion: there the comments are the content. Not a post
 * with prose of its own outside them (a blog post under 60 comments), nor one whose thread is a blog's comment area:
 * its comments stay boilerplate.
 */
function isDiscussion(survey: PageSurvey, total: number): boolean {
  return total > 0 && !survey.blogComments && survey.commentChars >= total * DISCUSSION_SHARE && survey.prose < ARTICLE_PROSE;
}

/** A header, footer or menu that holds most of the page is its wrapper (a theme's `header` around everything): it counts as none. */
function chromeOf(chars: number, total: number): number {
  return chars < total * WRAPPER_SHARE ? chars : 0;
}

function proseChars(own: { chars: number; linkChars: number } | undefined): number {
  return own && linkDensity(own) < PROSE_LINK_DENSITY ? own.chars : 0;
}

function classAndId(element: Element, cache: ClassAndIdCache): ClassAndId {
  let names = cache.get(element);
  if (names === undefined) {
    names = { words: bare(element) ? ' ' : `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}` };
    cache.set(element, names);
  }
  return names;
}

/** Hidden (hidden.ts), or hidden from assistive technology (`aria-hidden="true"`: off-screen menus, duplicated copies). */
function isConcealed(element: Element): boolean {
  return !bare(element) && (isHidden(element) || element.getAttribute('aria-hidden') === 'true');
}

/**
 * An element without attributes (most `p`, `li`, `span` of a page): its class, id, role and hiding are known without
 * a lookup. Each `getAttribute` walks the element's attributes and escapes the value found, and the clean step asks
 * about seven of every element of the page.
 */
function bare(element: Element): boolean {
  return !element.hasAttributes();
}

/** The page's own `main` landmark, when it holds text enough to be believed. */
function mainLandmark(body: Element, stats: TextStatsMap): Element | null {
  const main = firstElementWhere(body, isMain);
  return main && (stats.get(main)?.chars ?? 0) >= MAIN_MIN_CHARS ? main : null;
}

/** `main, [role="main"]`, by one walk (find-elements.ts). */
function isMain(element: Element): boolean {
  return tagOf(element) === 'main' || element.getAttribute('role') === 'main';
}

/** What tells a page's wrapper from boilerplate: the page's `main` landmark and its headline (the first h1), read once. */
interface WrapperClues {
  readonly landmark: Element | null;
  readonly headline: Element | null;
}

/** Whether a boilerplate-looking element is the page's wrapper; never one that lies outside the page's declared main landmark (a footer's legal modals). */
function isWrapper(element: Element, stats: TextStatsMap, total: number, page: WrapperClues): boolean {
  const { landmark, headline } = page;
  if (landmark && !element.contains(landmark) && !landmark.contains(element)) return false;
  if (isFooterAfterHeadline(element, headline)) return false;
  const own = stats.get(element);
  const chars = own?.chars ?? 0;
  if (chars >= total * WRAPPER_SHARE) return true;
  if (chars >= total * PROSE_SHARE && linkDensity(own) < PROSE_LINK_DENSITY) return true;
  return element.querySelector('h1') !== null;
}
