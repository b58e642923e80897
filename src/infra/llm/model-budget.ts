/** What the model reads of a page, cut to LLM_MAX_INPUT_CHARS at a section boundary. */
export const TRUNCATED_MARKER = '[truncated]';
const MARKER_SEPARATOR = '\n\n';

// A cut earlier than this share of the budget throws away too much text; a plainer boundary is taken instead.
const MIN_KEPT_SHARE = 0.5;

/**
 * Returns `markdown` unchanged when it fits in `maxChars`; otherwise cuts it at the last section boundary that fits
 * (before a heading, else at a blank line, else a line break, else a space) and appends "[truncated]".
 * The result never exceeds `maxChars`.
 */
export function capToBudget(markdown: string, maxChars: number): string {
  if (markdown.length <= maxChars) return markdown;
  const limit = maxChars - MARKER_SEPARATOR.length - TRUNCATED_MARKER.length;
  if (limit <= 0) return markdown.slice(0, Math.max(0, maxChars));
  const cut = boundaryBefore(markdown, limit);
  return `${markdown.slice(0, cut).trimEnd()}${MARKER_SEPARATOR}${TRUNCATED_MARKER}`;
}

/** The index to cut at (text kept = markdown.slice(0, index)), at most `limit`. */
function boundaryBefore(markdown: string, limit: number): number {
  const minimum = Math.ceil(limit * MIN_KEPT_SHARE);
  const boundaries = [/\n(?=#{1,6} )/g, /\n\n/g, /\n/g, /\s/g];
  for (const pattern of boundaries) {
    const index = lastMatchAtOrBefore(markdown, pattern, limit);
    if (index >= minimum) return index;
  }
  return limit;
}

function lastMatchAtOrBefore(text: string, pattern: RegExp, limit: number): number {
  // A few characters past the limit let a lookahead see the heading that starts right at the cut.
  const window = text.slice(0, limit + 8);
  let last = -1;
  for (const match of window.matchAll(pattern)) {
    if (match.index > limit) break;
    last = match.index;
  }
  return last;
}
