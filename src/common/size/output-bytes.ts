/**
 * decisions.md 7.2's one measure of MAX_PAGE_BYTES: the bytes a value takes in the stored answer, UTF-8 of its JSON
 * (a string counts its quotes and escapes, so an empty string is 2 bytes, not 0). Every operation's output is counted
 * so as it grows: page text, extracts, recipe data. Functions that run in a page write the same measure with that
 * world's TextEncoder (output-bytes.spec checks they agree).
 */
export function outputBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? 'null', 'utf8');
}
