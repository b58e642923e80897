import { isTraversal, parse, stringify } from 'css-what';
import { characterCount } from '../../common/validation/max-characters.js';
import { parseDocument } from './parse-document.js';

export const MAX_SELECTORS = 20;
export const MAX_SELECTORS_CHARS = 1000;

const PROBE = parseDocument('<!doctype html><html><head></head><body><p></p></body></html>');

/**
 * A comma-separated selector list (decisions.md 8.1) as its selectors, or the reason it is refused: at most 20 and
 * 1,000 characters (code points), each parsed by css-what (commas inside `:is(a, b)` or `[title="a,b"]` do not split) and run
 * once on a probe document by the same engine that will run it on the page.
 */
export function parseSelectorList(value: string): { selectors: string[] } | { problem: string } {
  if (characterCount(value) > MAX_SELECTORS_CHARS) return { problem: `must be at most ${MAX_SELECTORS_CHARS} characters` };
  if (value.trim() === '') return { selectors: [] };
  let selectors: string[];
  try {
    selectors = parse(value).map((selector) => stringify([selector]));
  } catch (error) {
    return { problem: `is not a valid CSS selector list (${(error as Error).message})` };
  }
  if (selectors.length > MAX_SELECTORS) return { problem: `must hold at most ${MAX_SELECTORS} selectors` };
  const refused = selectors.find((selector) => !isBrowserSelector(selector));
  if (refused !== undefined) return { problem: `holds a selector a browser would refuse: ${refused}` };
  return { selectors };
}

/** Whether the engine that runs selectors on pages (linkedom's css-select) compiles this one, tried on a probe. */
function isRunnableSelector(selector: string): boolean {
  try {
    PROBE.querySelectorAll(selector);
    return true;
  } catch {
    return false;
  }
}

const QUOTED_OR_ATTRIBUTE = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\[[^\]]*\]/g;
/** A class or id must start like a CSS identifier: css-what reads `..item` or `#5` as names. */
const BAD_CLASS_OR_ID = /[.#](?![A-Za-z_\\\u00a0-\uffff]|-[A-Za-z_\\\u00a0-\uffff-])/;
/** css-select's jQuery extensions, which no browser's querySelector takes (it throws). */
const NOT_IN_CSS = /:(?:contains|icontains|parent|header|button|input|text|checkbox|file|password|radio|reset|image|submit|selected)(?![\w-])/i;

/**
 * The one rule for a selector a caller sends (decisions.md 8.1-8.3: 422 when it does not parse): what a browser's
 * querySelector takes and linkedom runs. css-what parses it; no comma-separated part is empty or starts or ends with
 * a combinator (`div >`, `> a`: css-what and linkedom take them, a browser throws); classes and ids start like
 * identifiers; no jQuery pseudo-class; and linkedom compiles it (it refuses `:first`, `:nth-child(x)`, which css-what
 * takes and a browser refuses). Recipes run selectors in Chromium, content options in linkedom: both must take it.
 */
export function isBrowserSelector(selector: string): boolean {
  const outsideStrings = selector.replace(QUOTED_OR_ATTRIBUTE, '');
  if (BAD_CLASS_OR_ID.test(outsideStrings) || NOT_IN_CSS.test(outsideStrings)) return false;
  try {
    if (!parse(selector).every((part) => part.length > 0 && !isTraversal(part[0]) && !isTraversal(part[part.length - 1]))) return false;
  } catch {
    return false;
  }
  return isRunnableSelector(selector);
}
