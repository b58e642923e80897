/**
 * What the model reads of a page: decisions.md 2 promises it "at least its first LLM_MAX_INPUT_CHARS characters".
 * A longer page is cut at the first section boundary at or past that many characters and marked "[truncated]".
 */
export const TRUNCATED_MARKER = '[truncated]';
const MARKER_SEPARATOR = '\n\n';

/** How far past the budget a cut may reach to end at a boundary; without one there, it falls at the budget itself. */
const MAX_OVERSHOOT_SHARE = 0.1;

/**
 * Returns `markdown` unchanged when it fits in `maxChars`; otherwise keeps its first `maxChars` characters and then up
 * to a tenth more, to the first section boundary (before a heading, else a blank line, else a line break, else a
 * space), and appends "[truncated]". The marker is beyond what was kept, never counted against it. A character is a
 * code point, as every "N characters" of the contracts is (max-characters.ts): a cut never splits a surrogate pair.
 */
export function capToBudget(markdown: string, maxChars: number): string {
  const from = indexAfter(markdown, 0, maxChars);
  if (from === markdown.length) return markdown;
  const cut = boundaryFrom(markdown, from, indexAfter(markdown, from, Math.ceil(maxChars * MAX_OVERSHOOT_SHARE)));
  return `${markdown.slice(0, cut)}${MARKER_SEPARATOR}${TRUNCATED_MARKER}`;
}

/** The UTF-16 index `chars` code points past `start`, or the text's length when it has fewer. */
function indexAfter(text: string, start: number, chars: number): number {
  let index = start;
  for (let counted = 0; counted < chars && index < text.length; counted += 1) {
    index += text.codePointAt(index)! > 0xffff ? 2 : 1;
  }
  return index;
}

/**
 * The index to cut at (text kept = markdown.slice(0, index)): the first boundary in [from, to], else `from`. Both are
 * code point boundaries, and so is every match: whitespace is never half of a surrogate pair.
 */
function boundaryFrom(markdown: string, from: number, to: number): number {
  // A few characters past the window let a lookahead see the heading that starts right at its end.
  const window = markdown.slice(0, to + 8);
  for (const pattern of [/\n+(?=#{1,6} )/g, /\n\n/g, /\n/g, /\s/g]) {
    pattern.lastIndex = from;
    const match = pattern.exec(window);
    if (match && match.index <= to) return match.index;
  }
  return from;
}
