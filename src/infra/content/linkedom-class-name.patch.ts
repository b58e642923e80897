import { HTMLElement as LinkedomHTMLElement } from 'linkedom';

/**
 * linkedom keeps an element's class in two places: the `class` attribute, and a token set (`classList`) that it
 * writes back to the attribute, joined by one space, on every change. Its parse sets each `class` attribute through
 * the `className` setter, which builds that set (splitting the value twice, with a `Set` and a `DOMTokenList` an
 * element) only to join it back into the attribute; and its `className` getter (which `getAttribute('class')` is)
 * spreads and joins the set at every read. Both were 4-7% of a slow page's extraction, for a set no reader of ours
 * uses.
 *
 * Patched here: the getter reads the attribute, which linkedom keeps equal to the joined set (every change of the set
 * writes it, every `class` set through the DOM goes through the setter, removing the attribute drops the set); and,
 * only inside `parsingClassNames`, the setter writes the attribute as the set would have joined it (the tokens split
 * on `\s+`, empty ones and repeats left out, in order), without making the set. During a parse each element is new
 * and its class set once, so no set exists yet to fall out of step; one asked for later is made from the attribute.
 * Throws when a linkedom upgrade moved the accessor: a patch that silently does nothing would bring the cost back
 * unseen (linkedom is pinned; see package.json).
 */
export function parsingClassNames<T>(parse: () => T): T {
  patchLinkedomClassName();
  const outer = parsing;
  parsing = true;
  try {
    return parse();
  } finally {
    parsing = outer;
  }
}

let parsing = false;
let patched = false;

const TOKEN_SEPARATOR = /\s+/;

/** Installs the patched accessor (once; parseDocument does it at load, so a broken assumption fails at boot). */
export function patchLinkedomClassName(): void {
  if (patched) return;
  const prototype = Object.getPrototypeOf(LinkedomHTMLElement.prototype) as object;
  const accessor = Object.getOwnPropertyDescriptor(prototype, 'className');
  const setter = accessor?.set;
  if (!setter || !accessor.get) throw new Error('linkedom assumption broken: Element has no own className accessor');
  Object.defineProperty(prototype, 'className', {
    configurable: true,
    enumerable: accessor.enumerable,
    get(this: Element): string {
      return this.getAttributeNode('class')?.value ?? '';
    },
    set(this: Element, value: string): void {
      const attribute = parsing ? this.getAttributeNode('class') : null;
      if (attribute) attribute.value = joinedTokens(String(value));
      else setter.call(this, value);
    },
  });
  patched = true;
}

/**
 * Whitespace other than single spaces between tokens: a tab, a newline, a no-break space (linkedom splits at any
 * `\s`), a space at either end or two in a row.
 */
const IRREGULAR_SEPARATOR = /[^\S ]|^ | $| {2}/;

/**
 * The value linkedom's token set writes back: the tokens in order, each once, one space between. Most class values
 * are that already (tokens one space apart, none twice): they are kept as they are, without the set and the arrays
 * that building it makes for every element of the page (4% of a slow page's parse).
 */
export function joinedTokens(value: string): string {
  if (!TOKEN_SEPARATOR.test(value)) return value;
  if (!IRREGULAR_SEPARATOR.test(value) && allDistinct(value)) return value;
  return [...new Set(value.split(TOKEN_SEPARATOR).filter((token) => token !== ''))].join(' ');
}

/**
 * Whether no token of a value of tokens one space apart stands twice: `value.split(' ')` with no token repeated,
 * answered without the split, whose array and token strings were made for every class attribute with two tokens or
 * more (the largest garbage of the parse after the nodes themselves). Each token is compared with the earlier ones
 * of its length, in place.
 */
function allDistinct(value: string): boolean {
  let count = 0;
  for (let start = 0; start <= value.length; ) {
    let end = value.indexOf(' ', start);
    if (end < 0) end = value.length;
    if (count === TOKEN_STARTS.length) return allDistinctTokens(value.split(' '));
    TOKEN_STARTS[count] = start;
    TOKEN_ENDS[count] = end;
    for (let earlier = 0; earlier < count; earlier += 1) if (sameRange(value, TOKEN_STARTS[earlier], TOKEN_ENDS[earlier], start, end)) return false;
    count += 1;
    start = end + 1;
  }
  return true;
}

/** Where allDistinct's tokens start and end, reused from value to value; a value of more tokens is split instead. */
const TOKEN_STARTS = new Int32Array(32);
const TOKEN_ENDS = new Int32Array(32);

/** Whether `value`'s characters `[start, end)` and `[otherStart, otherEnd)` are the same string. */
function sameRange(value: string, start: number, end: number, otherStart: number, otherEnd: number): boolean {
  if (end - start !== otherEnd - otherStart) return false;
  for (let offset = 0; offset < end - start; offset += 1) if (value.charCodeAt(start + offset) !== value.charCodeAt(otherStart + offset)) return false;
  return true;
}

function allDistinctTokens(tokens: readonly string[]): boolean {
  for (let index = 1; index < tokens.length; index += 1) if (tokens.lastIndexOf(tokens[index], index - 1) >= 0) return false;
  return true;
}
