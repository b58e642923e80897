/**
 * HTML's ASCII whitespace (U+0009, U+000A, U+000C, U+000D, U+0020; WHATWG Infra): what a browser collapses in
 * text, splits class lists and srcset candidates on. A no-break space and other Unicode spaces are text. Whether a
 * rendered line or block is empty is another question, answered by isBlank: a line of no-break spaces or of
 * zero-width characters shows nothing.
 */
export const ASCII_WHITESPACE = /[ \t\n\r\f]+/g;

/** Zero-width space, non-joiner, joiner, word joiner and BOM: inside text they join or break, alone they show nothing. */
export const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;

/** A rendered line or block that shows nothing: Unicode whitespace (String#trim's) and zero-width characters only. */
export function isBlank(text: string): boolean {
  return text.replace(ZERO_WIDTH, '').trim() === '';
}

/** HTML's white-space collapsing: runs of ASCII whitespace read as one space (a no-break space stays). */
export function collapseWhitespace(text: string): string {
  return text.replace(ASCII_WHITESPACE, ' ');
}

/** A node's text as a reader takes it in: white space collapsed, the ends trimmed. */
export function collapsedText(node: Node): string {
  return collapseWhitespace(node.textContent ?? '').trim();
}

/** Two ASCII whitespace characters or more in a row: all but one of them are collapsed away. */
const WHITESPACE_RUN = /[ \t\n\r\f]{2,}/g;

/**
 * The length of `collapseWhitespace(text).trim()`, without building either string: text measuring asks it of every
 * text node of a page, several times a page, and the two strings were a large share of the garbage a page made. The
 * same as collapsing the trimmed text (a run at either end is whitespace through and through, and trim takes it
 * whole), so each ASCII whitespace run inside counts one: found by the regular expression engine, which steps through
 * a long text about twice as fast as a loop over its characters (measuring a slow page's text was half that loop).
 */
export function collapsedLength(text: string): number {
  const trimmed = text.trim();
  let length = trimmed.length;
  WHITESPACE_RUN.lastIndex = 0;
  for (let run = WHITESPACE_RUN.exec(trimmed); run; run = WHITESPACE_RUN.exec(trimmed)) length -= run[0].length - 1;
  return length;
}

/** Splits on ASCII whitespace, empty tokens left out (a class attribute's tokens, a srcset candidate's parts). */
export function splitAscii(text: string): string[] {
  return text.split(ASCII_WHITESPACE).filter((token) => token !== '');
}
