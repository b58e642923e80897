import { parse, stringify } from 'css-what';
import { parseDocument } from './parse-document.js';

export const MAX_SELECTORS = 20;
export const MAX_SELECTORS_CHARS = 1000;

const PROBE = parseDocument('<!doctype html><html><head></head><body><p></p></body></html>');

/**
 * A comma-separated selector list (decisions.md 8.1) as its selectors, or the reason it is refused: at most 20 and
 * 1,000 characters, each parsed by css-what (commas inside `:is(a, b)` or `[title="a,b"]` do not split) and run
 * once on a probe document by the same engine that will run it on the page.
 */
export function parseSelectorList(value: string): { selectors: string[] } | { problem: string } {
  if (value.length > MAX_SELECTORS_CHARS) return { problem: `must be at most ${MAX_SELECTORS_CHARS} characters` };
  if (value.trim() === '') return { selectors: [] };
  let selectors: string[];
  try {
    selectors = parse(value).map((selector) => stringify([selector]));
  } catch (error) {
    return { problem: `is not a valid CSS selector list (${(error as Error).message})` };
  }
  if (selectors.length > MAX_SELECTORS) return { problem: `must hold at most ${MAX_SELECTORS} selectors` };
  const unrunnable = selectors.find((selector) => !isRunnableSelector(selector));
  if (unrunnable !== undefined) return { problem: `holds a selector this service cannot run: ${unrunnable}` };
  return { selectors };
}

/** Whether the engine that runs selectors on pages (linkedom's css-select) compiles this one, tried on a probe. */
export function isRunnableSelector(selector: string): boolean {
  try {
    PROBE.querySelectorAll(selector);
    return true;
  } catch {
    return false;
  }
}
