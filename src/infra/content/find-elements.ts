/**
 * The selector engine's answers for the few simple selectors that the content code asks of a whole page, found by one
 * walk and a test an element. `querySelectorAll` on linkedom compiles its selector at every call, then runs the
 * compiled chain of closures, which reads the document's MIME type and lower-cases the tag name, on every element; on
 * a slow page of the dev split these whole-page queries were a sixth of its extraction.
 *
 * Each walk is in document order and, as linkedom's `querySelector(All)`, does not search a `template`'s content (the
 * template itself is tested). Tag names compare as that engine compares them in an HTML document: lower-cased.
 */

/** The elements under `root` (not `root` itself) that pass `test`, in document order: `querySelectorAll`'s answer. */
export function elementsWhere(root: ParentNode, test: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  collect(root, test, found);
  return found;
}

/** The elements under `root` whose tag name is one of `names`: `querySelectorAll('p, pre, blockquote')`. */
export function elementsNamed(root: ParentNode, names: ReadonlySet<string>): Element[] {
  return elementsWhere(root, (element) => names.has(tagOf(element)));
}

/** An element's tag name as the selector engine compares it in an HTML document: lower-cased. */
export function tagOf(element: Element): string {
  return lowerCased(element.localName);
}

/**
 * `name.toLowerCase()`, answered without the call when there is nothing to lower: V8 lower-cases through the
 * runtime (ICU), about 80 ns a call, and the content code asks it of each element of a page several times (the
 * first walk, the page's list, each selector test), where almost every name is lower-case already (the parser
 * lower-cases HTML's; SVG's `clipPath` and custom names are the exceptions). A look at the characters is about a
 * quarter of that. Any ASCII capital or non-ASCII character goes to `toLowerCase`, so the answer is always its own.
 */
export function lowerCased(name: string): string {
  for (let index = 0; index < name.length; index += 1) {
    const code = name.charCodeAt(index);
    if ((code >= 65 && code <= 90) || code > 127) return name.toLowerCase();
  }
  return name;
}

/** The first element under `root` that passes `test`, in document order: `querySelector`'s answer. */
export function firstElementWhere(root: ParentNode, test: (element: Element) => boolean): Element | null {
  for (let child = root.firstElementChild; child; child = child.nextElementSibling) {
    if (test(child)) return child;
    const found = child.localName === 'template' ? null : firstElementWhere(child, test);
    if (found) return found;
  }
  return null;
}

function collect(parent: ParentNode, test: (element: Element) => boolean, found: Element[]): void {
  for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
    if (test(child)) found.push(child);
    if (child.localName !== 'template') collect(child, test, found);
  }
}
