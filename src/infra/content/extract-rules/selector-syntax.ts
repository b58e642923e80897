import { parseDocument } from '../parse-document.js';

let probe: Document | undefined;

/**
 * Whether the selector engine that runs the rules (linkedom's css-select) can compile a selector. The probe runs it
 * on a one-element document, where compiling is all the work. css-select takes an empty selector; a browser does not.
 */
export function isParsableSelector(selector: string): boolean {
  if (selector.trim() === '') return false;
  probe ??= parseDocument('<p></p>');
  try {
    probe.querySelector(selector);
    return true;
  } catch {
    return false;
  }
}
