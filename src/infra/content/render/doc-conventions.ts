import { absoluteUrl } from '../resolve-url.js';
import { collapseWhitespace, splitAscii, ZERO_WIDTH } from '../whitespace.js';

/**
 * decisions.md 9 (8.1's Markdown): documentation sites read as their readers see them. Sphinx, MkDocs Material,
 * Docusaurus and GitHub READMEs put a permalink in or beside each heading, Sphinx one in each definition term
 * (`<dt id="json.dump">`: a function, class or option), and a copy or toggle widget on each code block; none is
 * content. Code blocks name their language on the `pre`, its `code` or their wrapper.
 */

/** The text of a permalink: a pilcrow, a hash, a section sign, a link emoji, or nothing but an icon. */
const PERMALINK_TEXT = /^(¶|#|§|🔗|)$/u;
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Class tokens of copy and prompt-toggle widgets (Sphinx copybutton, sphinx-copybutton, MkDocs Material, GitHub, Prism). */
const WIDGET_CLASSES = new Set([
  'copybutton', 'copybtn', 'copy-button', 'copy-btn', 'copy-code', 'copy-code-button', 'code-copy', 'md-clipboard',
  'clipboard', 'clipboard-copy', 'copy-to-clipboard', 'copy-to-clipboard-button', 'zeroclipboard-container', 'headerlink-copy',
]);
/** Cheap first look: every widget class names a copy or a clipboard. */
const WIDGET_HINT = /cop|clip/i;
/** Custom elements that are copy widgets (GitHub's `<clipboard-copy>`). */
const WIDGET_TAGS = new Set(['clipboard-copy', 'copy-button', 'copy-to-clipboard']);
/** A button labelled as a copy action (Docusaurus: `aria-label="Copy code to clipboard"`). */
const COPY_LABEL = /^copy\b/i;

/** Whether the element is a copy or toggle widget of a code block. */
export function isCodeWidget(element: Element): boolean {
  if (WIDGET_TAGS.has(element.localName)) return true;
  const classes = element.getAttribute('class');
  if (classes && WIDGET_HINT.test(classes) && splitAscii(classes).some((token) => WIDGET_CLASSES.has(token))) return true;
  if (classes && isPrismToolbar(element, classes)) return true;
  if (element.localName !== 'button' && element.getAttribute('role') !== 'button') return false;
  return COPY_LABEL.test(element.getAttribute('aria-label') ?? element.getAttribute('title') ?? '');
}

/**
 * Prism's toolbar plugin: `div.code-toolbar > pre + div.toolbar`, whose items (copy, the language's name, download)
 * are buttons and labels of the code block beside it, not content.
 */
function isPrismToolbar(element: Element, classes: string): boolean {
  if (!classes.includes('toolbar') || !splitAscii(classes).includes('toolbar')) return false;
  const parentClasses = element.parentElement?.getAttribute('class');
  return parentClasses !== null && parentClasses !== undefined && splitAscii(parentClasses).includes('code-toolbar');
}

/**
 * Whether a link is a permalink: a link to a fragment of this page, in or beside a heading or in a definition term,
 * whose text is only a mark.
 */
export function isPermalink(link: Element, pageUrl: string): boolean {
  const href = link.getAttribute('href');
  if (href === null || !isSelfFragment(href, pageUrl)) return false;
  const text = collapseWhitespace(link.textContent ?? '').replace(ZERO_WIDTH, '').trim();
  if (!PERMALINK_TEXT.test(text)) return false;
  return besideHeading(link) || link.closest('dt') !== null;
}

function isSelfFragment(href: string, pageUrl: string): boolean {
  if (href.trim().startsWith('#')) return true;
  const url = absoluteUrl(href, pageUrl);
  return url !== null && url.includes('#') && url.split('#')[0] === pageUrl.split('#')[0];
}

/** Inside a heading, or its sibling (GitHub's `<div class="markdown-heading"><h2>…</h2><a class="anchor">`). */
function besideHeading(link: Element): boolean {
  if (link.closest('h1, h2, h3, h4, h5, h6')) return true;
  const siblings = [link.previousElementSibling, link.nextElementSibling];
  return siblings.some((sibling) => sibling !== null && HEADING_TAGS.has(sibling.localName));
}

/** Class prefixes that name a code block's language: `language-x`, `lang-x`, Sphinx's `highlight-x` on the wrapper. */
const LANGUAGE_CLASS = /^(?:language|lang|highlight)-(.+)$/;
/** GitHub's `highlight-source-python` and `highlight-text-md`: the scope's kind is no language. */
const SCOPE_KIND = /^(?:source|text)-(?=.)/;
/** Sphinx's names for "no language" and "the project's default". */
const NO_LANGUAGE = new Set(['default', 'none', 'plain', 'plaintext', 'nohighlight']);
/** How far above the `pre` a wrapper may name the language (Sphinx: `div.highlight-python3 > div.highlight > pre`). */
const WRAPPER_DEPTH = 2;

/** The language a page names for a code block, or '' (a fence's info string: no spaces or backticks). */
export function codeLanguage(pre: Element): string {
  const candidates: Array<Element | null> = [pre, pre.querySelector('code')];
  for (let parent = pre.parentElement, depth = 0; parent && depth < WRAPPER_DEPTH; parent = parent.parentElement, depth += 1) candidates.push(parent);
  for (const element of candidates) {
    const language = element ? languageOf(element) : '';
    if (language) return language;
  }
  return '';
}

function languageOf(element: Element): string {
  const data = element.getAttribute('data-lang') ?? element.getAttribute('data-language');
  if (data && fenceInfo(data)) return fenceInfo(data);
  for (const token of splitAscii(element.getAttribute('class') ?? '')) {
    const match = LANGUAGE_CLASS.exec(token);
    const language = match ? fenceInfo(match[1].replace(SCOPE_KIND, '')) : '';
    if (language) return language;
  }
  return '';
}

function fenceInfo(value: string): string {
  const info = value.trim().replace(/[`\s]/g, '').toLowerCase();
  return NO_LANGUAGE.has(info) ? '' : info;
}
