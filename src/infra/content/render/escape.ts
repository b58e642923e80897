/**
 * CommonMark's flanking rules (6.2): a run of `_` with a letter, digit or combining mark on both sides can neither
 * open nor close emphasis, so snake_case and a__b stay as written; every other run could, at a text's edges too
 * (what the renderer writes beside it is unknown here), so `Lib/__init__.py` keeps its underscores. A `*` pairs
 * inside words as well, so every one is escaped, as are backslashes and backticks.
 */
const MARKUP = /[\\*`]|(?<![_\p{L}\p{N}\p{M}])_+|_+(?![_\p{L}\p{N}\p{M}])/gu;

/**
 * Escapes what CommonMark would read as markup in running text: emphasis and code marks, backslashes, and an
 * underscore only where it can open or close emphasis. Brackets are left alone: without a `(url)` or a reference
 * after them they are literal, and escaping every `[1]` hurts readers.
 */
export function escapeInline(text: string): string {
  return text.replace(MARKUP, (match) => match.replace(/[\\*`_]/g, '\\$&'));
}

/** Escapes a line start that CommonMark would read as a heading, quote, list item or thematic break. */
export function escapeLineStart(line: string): string {
  const ordered = /^(\s*\d{1,9})([.)])(?=\s|$)/.exec(line);
  if (ordered) return `${ordered[1]}\\${ordered[2]}${line.slice(ordered[0].length)}`;
  return line.replace(/^(\s*)(#{1,6}(?=\s|$)|>|[-+](?=\s|$)|-{3,}\s*$|=+\s*$)/, '$1\\$2');
}

/** A table cell's pipe would end the cell. */
export function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** Inline code: a backtick fence longer than any run inside, padded when the code starts or ends with one. */
export function codeSpan(code: string): string {
  if (code === '') return '';
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}

/** A fenced code block's fence: three backticks, or more than the longest run in the code. */
export function codeFence(code: string): string {
  const longest = Math.max(0, ...(code.match(/^`{3,}/gm) ?? []).map((run) => run.length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** A link or image destination: spaces and unbalanced parentheses would end it early. */
export function linkDestination(url: string): string {
  return url.replace(/[ ()]/g, (c) => encodeURIComponent(c));
}
