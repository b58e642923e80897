/**
 * HTML's ASCII whitespace (U+0009, U+000A, U+000C, U+000D, U+0020; WHATWG Infra): what a browser collapses in
 * text, splits class lists and srcset candidates on. A no-break space and other Unicode spaces are text. Whether a
 * rendered line or block is empty is another question, answered by String#trim: a line of no-break spaces shows
 * nothing.
 */
export const ASCII_WHITESPACE = /[ \t\n\r\f]+/g;

/** HTML's white-space collapsing: runs of ASCII whitespace read as one space (a no-break space stays). */
export function collapseWhitespace(text: string): string {
  return text.replace(ASCII_WHITESPACE, ' ');
}

/** Splits on ASCII whitespace, empty tokens left out (a class attribute's tokens, a srcset candidate's parts). */
export function splitAscii(text: string): string[] {
  return text.split(ASCII_WHITESPACE).filter((token) => token !== '');
}
