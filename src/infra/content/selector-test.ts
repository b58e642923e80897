import { tagOf } from './find-elements.js';

/**
 * A list of simple selectors (`img[alt]`, `.a, .b.c`, `[itemprop="x"]`) as a test an element, answering as
 * linkedom's `matches` (css-select) does in an HTML document: tag names lower-cased, a class a `\s`-separated token
 * of the class attribute, attribute values compared as written. With find-elements.ts or content-elements.ts it
 * answers a `querySelectorAll` without the selector engine, which compiles its selector at every call and runs a
 * chain of closures on every element (a tenth of the drop-* passes' time on a slow page). Anything else
 * (combinators, pseudo-classes, other attribute operators, quoting) throws: it is the engine's to answer.
 */
export function selectorTest(selectors: string): (element: Element) => boolean {
  const compounds = selectors.split(',').map((compound) => compoundTest(compound.trim()));
  const readsClass = compounds.some(({ classes }) => classes.length > 0);
  // The class attribute read once an element, whatever the number of class selectors in the list.
  return (element) => {
    const className = readsClass ? element.getAttribute('class') : null;
    return compounds.some(({ test }) => test(element, className));
  };
}

interface Compound {
  readonly classes: readonly RegExp[];
  readonly test: (element: Element, className: string | null) => boolean;
}

const COMPOUND = /^([a-z][a-z0-9]*)?((?:\.[\w-]+|\[[a-z][\w-]*(?:="[\w -]*")?\])*)$/;
const PART = /\.([\w-]+)|\[([a-z][\w-]*)(?:="([\w -]*)")?\]/g;

function compoundTest(compound: string): Compound {
  const match = COMPOUND.exec(compound);
  if (!match || compound === '') throw new Error(`selectorTest: not a simple selector: ${compound}`);
  const tag = match[1];
  const classes: RegExp[] = [];
  const attributes: { name: string; value: string | undefined }[] = [];
  for (const [, className, name, value] of match[2].matchAll(PART)) {
    // css-select's test for `~=`, which a class selector is.
    if (className !== undefined) classes.push(new RegExp(`(?:^|\\s)${className}(?:$|\\s)`));
    else attributes.push({ name, value });
  }
  const test = (element: Element, className: string | null): boolean => {
    if (tag !== undefined && tagOf(element) !== tag) return false;
    if (classes.length > 0 && (className === null || !classes.every((token) => token.test(className)))) return false;
    return attributes.every(({ name, value }) => (value === undefined ? element.hasAttribute(name) : element.getAttribute(name) === value));
  };
  return { classes, test };
}
