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
 * space), and appends "[truncated]". The marker is beyond what was kept, never counted against it.
 */
export function capToBudget(markdown: string, maxChars: number): string {
  if (markdown.length <= maxChars) return markdown;
  const cut = boundaryFrom(markdown, maxChars, maxChars + Math.ceil(maxChars * MAX_OVERSHOOT_SHARE));
  return `${markdown.slice(0, cut)}${MARKER_SEPARATOR}${TRUNCATED_MARKER}`;
}

/** The index to cut at (text kept = markdown.slice(0, index)): the first boundary in [from, to], else `from`. */
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
