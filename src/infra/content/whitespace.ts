/**
 * HTML's ASCII whitespace (U+0009, U+000A, U+000C, U+000D, U+0020; WHATWG Infra): what the browser collapses in
 * text, splits class lists on and trims from attributes. A no-break space and other Unicode spaces are text.
 */
export const ASCII_WHITESPACE = /[ \t\n\r\f]+/g;

/** HTML's white-space collapsing: runs of ASCII whitespace read as one space (a no-break space stays). */
export function collapseWhitespace(text: string): string {
  return text.replace(ASCII_WHITESPACE, ' ');
}

/** Trims ASCII whitespace only, as the DOM's "strip leading and trailing ASCII whitespace". */
export function trimAscii(text: string): string {
  return text.replace(/^[ \t\n\r\f]+|[ \t\n\r\f]+$/g, '');
}

/** Splits on ASCII whitespace, empty tokens left out (a class attribute's tokens). */
export function splitAscii(text: string): string[] {
  return text.split(ASCII_WHITESPACE).filter((token) => token !== '');
}
