const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

/**
 * The spec's boolean text, any case: true/false, 1/0, yes/no, on/off. One rule for environment variables and query
 * parameters alike; anything else, spaces around a word included, is null (refused by the caller, never read as false).
 */
export function readBooleanText(text: string): boolean | null {
  const word = text.toLowerCase();
  if (TRUE.has(word)) return true;
  if (FALSE.has(word)) return false;
  return null;
}
