import { tagOf } from './find-elements.js';

/**
 * A list of simple selectors (`img[alt]`, `.a, .b.c`, `[itemprop="x"]`) as a test an element, answering as
 * linkedom's `matches` (css-select) does in an HTML document: tag names lower-cased, a class a `\s`-separated token
 * of the class attribute, attribute values compared as written. With find-elements.ts or content-elements.ts it
 * answers a `querySelectorAll` without the selector engine, which compiles its selector at every call and runs a
 * chain of closures on every element (a tenth of the drop-* passes' time on a slow page). Anything else
 * (combinators, pseudo-classes, other attribute operators, quoting) throws: it is the engine's to answer.
 */
export function selectorTest(selectors: string): SelectorTest {
  const compounds = selectors.split(',').map((compound) => compoundTest(compound.trim()));
  const names = compounds.flatMap(({ classes }) => classes);
  // Every class of the list in one expression: an element with none of them (most) is out of every compound with a class.
  const anyClass = names.length > 0 ? classPattern(names.join('|')) : null;
  const readsTag = compounds.some(({ tag }) => tag !== undefined);
  // The tag name and the class attribute read once an element, whatever the number of selectors in the list.
  const test = (element: Element): boolean => {
    const tag = readsTag ? tagOf(element) : undefined;
    const className = anyClass ? element.getAttribute('class') : null;
    const classed = className !== null && anyClass!.test(className) ? className : null;
    // A loop, not `some` with an arrow: the arrow's closure over the element was allocated at every call (a drop-*
    // pass asks every element of the content), a tenth of the garbage the select step made.
    for (const compound of compounds) if (compound.test(element, tag, classed)) return true;
    return false;
  };
  return Object.assign(test, { required: requiredAttribute(compounds, anyClass) });
}

/** A selector list's test, with what lets a caller skip a walk of elements that cannot match. */
export interface SelectorTest {
  (element: Element): boolean;
  /**
   * When every selector of the list asks one attribute (a class of the list; or, as `[itemprop="x"]`, one of some
   * values): that attribute, and a test of its values on several elements joined by line breaks. An element of the
   * list holds such a value; where none does, the list matches nothing.
   */
  readonly required: RequiredAttribute | null;
}

export interface RequiredAttribute {
  readonly name: string;
  readonly values: RegExp;
}

function requiredAttribute(compounds: readonly Compound[], anyClass: RegExp | null): RequiredAttribute | null {
  if (anyClass && compounds.every(({ classes }) => classes.length > 0)) return { name: 'class', values: anyClass };
  const name = compounds[0].attributes.find(({ value }) => value !== undefined)?.name;
  const values = compounds.map((compound) => compound.attributes.find((attribute) => attribute.name === name && attribute.value !== undefined)?.value);
  if (name === undefined || values.some((value) => value === undefined)) return null;
  // Values are words, spaces and hyphens (COMPOUND): nothing to escape. A whole value, between line breaks.
  return { name, values: new RegExp(`(?:^|\\n)(?:${values.join('|')})(?:$|\\n)`) };
}

interface Compound {
  readonly tag: string | undefined;
  readonly classes: readonly string[];
  readonly attributes: readonly { readonly name: string; readonly value: string | undefined }[];
  /** Asked with the element's tag name (when a compound of the list names one) and its class when it holds a class of the list. */
  readonly test: (element: Element, tag: string | undefined, className: string | null) => boolean;
}

const COMPOUND = /^([a-z][a-z0-9]*)?((?:\.[\w-]+|\[[a-z][\w-]*(?:="[\w -]*")?\])*)$/;
const PART = /\.([\w-]+)|\[([a-z][\w-]*)(?:="([\w -]*)")?\]/g;

function compoundTest(compound: string): Compound {
  const match = COMPOUND.exec(compound);
  if (!match || compound === '') throw new Error(`selectorTest: not a simple selector: ${compound}`);
  const tag = match[1];
  const classes: string[] = [];
  const attributes: { name: string; value: string | undefined }[] = [];
  for (const [, className, name, value] of match[2].matchAll(PART)) {
    if (className !== undefined) classes.push(className);
    else attributes.push({ name, value });
  }
  const tokens = classes.map(classPattern);
  const test = (element: Element, elementTag: string | undefined, className: string | null): boolean => {
    if (tag !== undefined && elementTag !== tag) return false;
    if (tokens.length > 0 && className === null) return false;
    // Loops rather than `every` with arrows over the element and its class, which were closures made at every call.
    for (const token of tokens) if (!token.test(className!)) return false;
    for (const { name, value } of attributes) if (value === undefined ? !element.hasAttribute(name) : element.getAttribute(name) !== value) return false;
    return true;
  };
  return { tag, classes, attributes, test };
}

/** css-select's test for `~=`, which a class selector is: a token of the value, separated by any `\s`. */
function classPattern(names: string): RegExp {
  return new RegExp(`(?:^|\\s)(?:${names})(?:$|\\s)`);
}
