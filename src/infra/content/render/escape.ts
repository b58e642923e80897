import { maxOf } from '../large-arrays.js';
/**
 * CommonMark's flanking rules (6.2): a run of `_` with a letter, digit or combining mark on both sides can neither
 * open nor close emphasis, so snake_case and a__b stay as written; every other run could, at a text's edges too
 * (what the renderer writes beside it is unknown here), so `Lib/__init__.py` keeps its underscores. A `*` pairs
 * inside words as well, so every one is escaped, as are backslashes and backticks.
 */
const MARKUP = /[\\*`]|(?<![_\p{L}\p{N}\p{M}])_+|_+(?![_\p{L}\p{N}\p{M}])/gu;

/** What would open raw HTML or an autolink (CommonMark 6.5, 6.6; an HTML block at a line start, 4.6). */
const HTML_START = '<(?=[A-Za-z/!?])';

/**
 * In running text: a `<` before an ASCII letter, `/`, `!` or `?`; a `]` right before `(` (an inline link), `[` (a
 * full reference) or `:` (a link reference definition, 4.7); a `!` before `[`, which would make the link the renderer
 * writes next an image. Elsewhere `<` and brackets are literal (`a < b`,
 * `x<3`, `[1]`, `[sic]`: with every `]:` escaped no definition exists for a shortcut reference to find), and
 * escaping every `[1]` would hurt readers.
 */
const LINK_OR_HTML = new RegExp(`${HTML_START}|\\](?=[([:])|!(?=\\[)`, 'g');

/** In a link's text or an image's alt: every bracket, as a bare one would end the label or open a link in it. */
const LABEL_SYNTAX = new RegExp(`${HTML_START}|[[\\]]`, 'g');

/** Emphasis and code marks, backslashes, and an underscore only where it can open or close emphasis. */
function escapeMarks(text: string): string {
  return text.replace(MARKUP, (match) => match.replace(/[\\*`_]/g, '\\$&'));
}

/**
 * Escapes what CommonMark would read as markup in running text: emphasis and code marks, and the starts of raw
 * HTML, autolinks, links and references. `next` is the first character written after the text (nextTextStart),
 * so that a construct split between two text nodes is seen whole; it is not part of the answer.
 */
export function escapeInline(text: string, next = ''): string {
  return escapeWith(LINK_OR_HTML, text, next);
}

/** Escapes a link's text or an image's alt: as running text, and every bracket. */
export function escapeLabel(text: string, next = ''): string {
  return escapeWith(LABEL_SYNTAX, text, next);
}

/** Escapes the syntax's matches in the text, reading `next` after it for the lookaheads; `next` is not written. */
function escapeWith(syntax: RegExp, text: string, next: string): string {
  const marked = escapeMarks(text);
  const escaped = (marked + next.charAt(0)).replace(syntax, (match, offset: number) => (offset < marked.length ? `\\${match}` : match));
  return escaped.slice(0, escaped.length - next.charAt(0).length);
}

/** Escapes a line start that CommonMark would read as a heading, quote, list item, thematic break or `~~~` code fence. */
export function escapeLineStart(line: string): string {
  const ordered = /^(\s*\d{1,9})([.)])(?=\s|$)/.exec(line);
  if (ordered) return `${ordered[1]}\\${ordered[2]}${line.slice(ordered[0].length)}`;
  return line.replace(/^(\s*)(#{1,6}(?=\s|$)|>|[-+](?=\s|$)|-{3,}\s*$|=+\s*$|~{3,})/, '$1\\$2');
}

/** A table cell's pipe would end the cell. */
export function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** Inline code: a backtick fence longer than any run inside, padded when the code starts or ends with one. */
export function codeSpan(code: string): string {
  if (code === '') return '';
  const longest = maxOf((code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}

/**
 * A fenced code block's fence: three backticks, or more than the longest run that starts a line of the code (up to
 * three spaces in: CommonMark 4.5 closes a fence indented so).
 */
export function codeFence(code: string): string {
  const longest = maxOf((code.match(/^ {0,3}`{3,}/gm) ?? []).map((run) => run.trimStart().length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/**
 * A link or image destination: a space would end it early, a backslash would escape what follows it (a query's `\`
 * before the closing parenthesis), and `<`, `>` could read as markup: those are percent-encoded. Parentheses stay as
 * they are when they balance (CommonMark allows it: `Python_(programming_language)` reads as in `links[].url`), and
 * are encoded when they do not, as an unbalanced one would end the destination early.
 */
export function linkDestination(url: string): string {
  const escaped = url.replace(/[ \\<>]/g, percentEncoded);
  return parenthesesBalance(escaped) ? escaped : escaped.replace(/[()]/g, percentEncoded);
}

const percentEncoded = (character: string): string => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

function parenthesesBalance(text: string): boolean {
  let depth = 0;
  for (const character of text) {
    if (character === '(') depth += 1;
    else if (character === ')' && --depth < 0) return false;
  }
  return depth === 0;
}
