import { BLOG_COMMENTS_SELECTOR, boilerplateWord, BOILERPLATE_ROLES } from './boilerplate-patterns.js';
import { BOILERPLATE_TAGS } from '../html-tags.js';
import { isHidden } from '../hidden.js';
import { AD, BOILERPLATE, CHROME, ClassWords, COMMENT, COMMENT_HEADED, CONSENT, CONTENT, PART, SIDEBAR_LAYOUT } from './class-words.js';
import { isCollapsedPanel } from './collapsed-panels.js';
import { isFooterAfterHeadline } from './footer-after-headline.js';
import { landmarkSeries } from './landmark-series.js';
import { isChromeByTagOrRole } from './page-chrome.js';
import { PageElements } from './page-elements.js';
import { areThreadReplies } from './thread-replies.js';
import { isWrapperPart } from './wrapper-parts.js';
import { namingWords } from './naming-words.js';
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

/** Which class/id words count on this page. */
interface NameRules {
  readonly comments: boolean;
  /** False on the relaxed second pass: class and id words are not read (Readability without FLAG_STRIP_UNLIKELYS). */
  readonly byName?: boolean;
}

/**
 * The clean step: removes hidden elements and boilerplate (by tag, ARIA role, or class/id words) from the body,
 * except an element that holds the page's headline or most of its text. Comment threads stay on a discussion page;
 * streamed content, and a hidden wrapper of most of the page, are revealed on the way.
 */
export function removeBoilerplate(body: Element, stats: TextStatsMap, options: { byName?: boolean; threadPage?: boolean } = {}, elements = PageElements.of(body)): Removal[] {
  // Each element's class and id text, tag and role are read once, in the list's walk (page-elements.ts): the survey
  // and the walk below step through the list, and the patterns run once a distinct text (class-words.ts).
  const names = new ClassWords();
  // Each element's bits, once read: the survey and the walk both ask them of most elements.
  const read = new Int32Array(elements.order.length).fill(-1);
  const wordsOf = namingWords(elements);
  const bitsOf = (index: number): number => (read[index] >= 0 ? read[index] : (read[index] = names.of(wordsOf[index])));
  const survey = surveyPage(elements, stats, bitsOf);
  // The page's text is what a reader sees once the consent dialog is dismissed.
  const total = (stats.get(body)?.chars ?? 0) - survey.consentChars;
  const rules = { comments: !isDiscussion(survey, total) && !areThreadReplies(survey, total, options.threadPage ?? false), byName: options.byName ?? true };
  const landmark = mainLandmark(elements, stats);
  const wrappers = { landmark, headline: elements.first((index) => elements.tags[index] === 'h1') };
  // A wrapper's share is of the page without its header, footer and menus: a 5.7k-character mega menu is no part of it.
  // Only for what its class or id words alone would remove (a `promo` box of the services): a dialog or a form stays measured against the whole page.
  const content = total - survey.chromeChars;
  const byTag = { ...rules, byName: false };
  // By index in the list: the walk removes nothing until it ends (it reveals hidden wrappers: attributes only).
  const doomed: number[] = [];
  // What class or id words alone removed (not a tag, role, or hiding), for the landmark's series below.
  const byName: Element[] = [];
  const { order, ends, bare, roles } = elements;
  // `wrapperWord`: the boilerplate word of the innermost boilerplate-named element kept as a wrapper (wrapper-parts.ts).
  const walk = (parent: number, inChrome: boolean, wrapperWord: string | undefined): void => {
    for (let index = parent + 1; index < ends[parent]; index = ends[index]) {
      const child = order[index];
      if (!bare[index] && isStreamedBoundary(child)) revealStreamedBoundary(child);
      const words = wordsOf[index];
      const bits = bitsOf(index);
      const chrome = inChrome || isChrome(elements, index, bits);
      if ((bits & CONSENT) !== 0 || isCommentThread(child, bits, rules, stats, total, elements, index)) {
        doomed.push(index);
        continue;
      }
      // Asked of tags and roles alone only of what looks like boilerplate (few elements), and once.
      const looksIt = looksBoilerplate(child, bare[index], roles[index], bits, rules, elements, index);
      const byTagOrRole = looksIt && looksBoilerplate(child, bare[index], roles[index], bits, byTag, elements, index);
      const boilerplate = looksIt && (byTagOrRole || !isWrapperPart(words, wrapperWord));
      if (boilerplate) {
        const nameOnly = !chrome && !byTagOrRole;
        if (!isWrapper(child, stats, nameOnly ? content : total, wrappers, elements, index)) {
          doomed.push(index);
          if (nameOnly) byName.push(child);
          continue;
        }
      }
      if (isConcealed(child, bare[index])) revealHiddenWrapper(child);
      walk(index, chrome, boilerplate && rules.byName ? (boilerplateWord(words) ?? wrapperWord) : wrapperWord);
    }
  };
  walk(0, false, undefined);
  const series = new Set(landmark ? landmarkSeries(byName, landmark, stats) : []);
  const going = doomed.filter((index) => !series.has(order[index]));
  const removals = going.map((index) => ({ element: order[index], parent: order[index].parentElement!, next: order[index].nextSibling }));
  for (const { element } of removals) element.remove();
  for (const index of going) elements.dropAt(index);
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
export function isBoilerplate(element: Element, rules: NameRules = { comments: true }): boolean {
  const isBare = !element.hasAttributes();
  const bits = rules.byName === false ? 0 : new ClassWords().of(isBare ? ' ' : `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`);
  return looksBoilerplate(element, isBare, isBare ? null : element.getAttribute('role'), bits, rules, null, 0);
}

/**
 * isBoilerplate, of what the caller read already: whether the element has no attributes, its role and the bits of
 * its class and id words (class-words.ts); `elements` and `index`, the page's list and its place there, if listed.
 */
function looksBoilerplate(element: Element, isBare: boolean, role: string | null, bits: number, rules: NameRules, elements: PageElements | null, index: number): boolean {
  if ((BOILERPLATE_TAGS.has(element.localName) && !isFootnote(element)) || (isConcealed(element, isBare) && !isCollapsedPanel(element))) return true;
  if (role && BOILERPLATE_ROLES.has(role.toLowerCase()) && !isAccordion(element, role)) return true;
  if (element.localName === 'header') return element.closest('article') === null && !holdsHeadline(element, elements, index);
  if (rules.byName === false) return false;
  if ((bits & (CONTENT | SIDEBAR_LAYOUT)) !== 0) return false;
  const named = (bits & (BOILERPLATE | AD)) !== 0 || (rules.comments && (bits & COMMENT) !== 0) || ((bits & PART) !== 0 && element.closest(ARTICLE) === null);
  // A code listing is kept verbatim (decisions.md 8.1), whatever its wrapper's class says (Prism's `code-toolbar`).
  return named && !holdsCode(element, elements, index);
}

/** The page's article or main landmark, inside which a part's word (`card-header`) names a part of the content. */
const ARTICLE = 'article, main, [role="main"]';

/**
 * Whether the element is a `pre`, or a wrapper that is mostly code: its listings hold at least half its text (a docs
 * sidebar with an install snippet is still a sidebar). The page's list tells first whether it holds one at all.
 */
function holdsCode(element: Element, elements: PageElements | null, index: number): boolean {
  if (element.localName === 'pre') return true;
  if (!(elements ? elements.holds(index, 'pre') : element.querySelector('pre') !== null)) return false;
  let code = 0;
  for (const listing of element.querySelectorAll('pre')) code += listing.textContent?.length ?? 0;
  return code * 2 >= (element.textContent?.length ?? 0);
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
function isCommentThread(element: Element, bits: number, rules: NameRules, stats: TextStatsMap, total: number, elements: PageElements, index: number): boolean {
  if (!rules.comments || rules.byName === false) return false;
  if ((bits & COMMENT) === 0) return false;
  if ((bits & CONTENT) !== 0 && (bits & COMMENT_HEADED) === 0) return false;
  return (stats.get(element)?.chars ?? 0) < total * THREAD_MAX_SHARE && !holdsHeadline(element, elements, index);
}

/** isPageChrome (page-chrome.ts) of the element at `index`, its words' bits read (class-words.ts). */
function isChrome(elements: PageElements, index: number, bits: number): boolean {
  return (bits & CHROME) !== 0 || isChromeByTagOrRole(elements.names[index], elements.roles[index]);
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

function surveyPage(elements: PageElements, stats: TextStatsMap, bitsOf: (index: number) => number): PageSurvey {
  const { order, ends, names: localNames } = elements;
  const body = order[0];
  let commentChars = 0;
  let prose = 0;
  let consentChars = 0;
  let chromeChars = 0;
  let blogComments = false;
  // A cookie or consent manager goes whatever its size (the walk removes it).
  const walk = (parent: number): void => {
    for (let index = parent + 1; index < ends[parent]; index = ends[index]) {
      const child = order[index];
      const bits = bitsOf(index);
      if ((bits & CONSENT) !== 0) consentChars += stats.get(child)?.chars ?? 0;
      else if (isChrome(elements, index, bits)) chromeChars += chromeOf(stats.get(child)?.chars ?? 0, stats.get(body)?.chars ?? 0);
      else if ((bits & COMMENT) !== 0) {
        commentChars += stats.get(child)?.chars ?? 0;
        blogComments ||= child.matches(BLOG_COMMENTS_SELECTOR) || child.querySelector(BLOG_COMMENTS_SELECTOR) !== null;
      }
      else if (localNames[index] === 'p') prose += proseChars(stats.get(child));
      else walk(index);
    }
  };
  walk(0);
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

/**
 * Hidden (hidden.ts), or hidden from assistive technology (`aria-hidden="true"`: off-screen menus, duplicated copies).
 * An element without attributes (`isBare`: most `p`, `li`, `span` of a page) is neither, known without a lookup.
 */
function isConcealed(element: Element, isBare: boolean): boolean {
  return !isBare && (isHidden(element) || element.getAttribute('aria-hidden') === 'true');
}

/** The page's own `main` landmark (`main, [role="main"]`, first in the list), when it holds text enough to be believed. */
function mainLandmark(elements: PageElements, stats: TextStatsMap): Element | null {
  const main = elements.first((index) => elements.tags[index] === 'main' || elements.roles[index] === 'main');
  return main && (stats.get(main)?.chars ?? 0) >= MAIN_MIN_CHARS ? main : null;
}

/** What tells a page's wrapper from boilerplate: the page's `main` landmark and its headline (the first h1), read once. */
interface WrapperClues {
  readonly landmark: Element | null;
  readonly headline: Element | null;
}

/** Whether a boilerplate-looking element is the page's wrapper; never one that lies outside the page's declared main landmark (a footer's legal modals). */
function isWrapper(element: Element, stats: TextStatsMap, total: number, page: WrapperClues, elements: PageElements, index: number): boolean {
  const { landmark, headline } = page;
  if (landmark && !element.contains(landmark) && !landmark.contains(element)) return false;
  if (isFooterAfterHeadline(element, headline)) return false;
  const own = stats.get(element);
  const chars = own?.chars ?? 0;
  if (chars >= total * WRAPPER_SHARE) return true;
  if (chars >= total * PROSE_SHARE && linkDensity(own) < PROSE_LINK_DENSITY) return true;
  return holdsHeadline(element, elements, index);
}

/** Whether the element holds an h1 (`querySelector('h1')`), through the page's list when it is listed (page-elements.ts). */
function holdsHeadline(element: Element, elements: PageElements | null, index: number): boolean {
  return elements ? elements.holds(index, 'h1') : element.querySelector('h1') !== null;
}
