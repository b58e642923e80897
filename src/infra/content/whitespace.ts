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

/** Splits on ASCII whitespace, empty tokens left out (a class attribute's tokens, a srcset candidate's parts). */
export function splitAscii(text: string): string[] {
  return text.split(ASCII_WHITESPACE).filter((token) => token !== '');
}
