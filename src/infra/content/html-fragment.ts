import { absoluteUrl, isScriptUrl, isUnsafeLinkUrl } from './resolve-url.js';
import { splitAscii } from './whitespace.js';

const URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src', 'action', 'formaction', 'poster', 'cite', 'background', 'longdesc', 'data-src']);
/** Where a click or a submit goes: there a `data:` page or a `vbscript:` URL runs script as well (isUnsafeLinkUrl). */
const NAVIGATIONS: ReadonlySet<string> = new Set(['a:href', 'area:href', 'form:action', 'button:formaction', 'input:formaction']);
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
/** SVG animations set another element's attribute (a link's href) to any value they name, `javascript:` included. */
const SVG_ANIMATIONS: ReadonlySet<string> = new Set(['set', 'animate', 'animatemotion', 'animatetransform']);

/**
 * decisions.md 8.1: the kept elements as an HTML fragment, with event-handler attributes gone, `javascript:` URLs
 * gone (a link's or a form's `vbscript:` and `data:` URLs too: isUnsafeLinkUrl), SVG animations gone, and every URL absolute
 * against the page's URL. (Scripts, styles and comments are gone already.)
 */
export function renderHtmlFragment(elements: readonly Element[], baseUrl: string): string {
  return elements.filter((element) => !isSvgAnimation(element)).map((element) => sanitized(element, baseUrl).outerHTML).join('\n');
}

function sanitized(root: Element, baseUrl: string): Element {
  for (const element of [root, ...root.querySelectorAll('*')]) {
    if (isSvgAnimation(element)) {
      element.remove();
      continue;
    }
    for (const { name, value } of [...element.attributes]) {
      // `xlink:href` is an href: attributes are known by their local name, whatever their prefix.
      const local = name.slice(name.indexOf(':') + 1).toLowerCase();
      if (local.startsWith('on')) element.removeAttribute(name);
      else if (URL_ATTRIBUTES.has(local)) setUrl(element, name, value, baseUrl, NAVIGATIONS.has(`${element.localName.toLowerCase()}:${local}`));
      else if (local === 'srcset') element.setAttribute(name, absoluteSrcset(value, baseUrl));
      else if (local === 'style' && /url\(/i.test(value)) element.setAttribute(name, absoluteCssUrls(value, baseUrl));
    }
  }
  return root;
}

function isSvgAnimation(element: Element): boolean {
  return element.namespaceURI === SVG_NAMESPACE && SVG_ANIMATIONS.has(element.localName.toLowerCase());
}

function setUrl(element: Element, name: string, value: string, baseUrl: string, navigates: boolean): void {
  const url = isScriptUrl(value) || (navigates && isUnsafeLinkUrl(value)) ? null : absoluteUrl(value, baseUrl);
  if (url === null) element.removeAttribute(name);
  else element.setAttribute(name, url);
}

/** `a.png 1x, /b.png 2x` with each candidate's URL made absolute. */
function absoluteSrcset(value: string, baseUrl: string): string {
  return value
    .split(',')
    .map((candidate) => {
      const [url, ...descriptor] = splitAscii(candidate);
      const absolute = url ? absoluteUrl(url, baseUrl) : null;
      return absolute ? [absolute, ...descriptor].join(' ') : '';
    })
    .filter((candidate) => candidate !== '')
    .join(', ');
}

/**
 * A `url(...)` of CSS, quoted or not. No two ways to match a part, and no part runs past the next `url(` of its kind (a
 * string stops at its quote, a bare URL at a quote, space, `)` or `url(`): linear in the attribute, where a lazy `.*?`
 * rescanned the rest of it at every `url('`.
 */
const CSS_URL = /url\(\s*(?:'([^'\n]*)'\s*|"([^"\n]*)"\s*|((?:(?!url\()[^'"\s)])+)\s*)?\)/gi;

/** A style attribute's `url(...)`s made absolute (quoted or not); one that cannot be resolved, or runs script, is emptied. */
function absoluteCssUrls(value: string, baseUrl: string): string {
  return value.replace(CSS_URL, (_whole, single: string | undefined, double: string | undefined, bare: string | undefined) => {
    const url = single ?? double ?? bare ?? '';
    const quote = single !== undefined ? "'" : double !== undefined ? '"' : '';
    const absolute = isScriptUrl(url) ? null : absoluteUrl(url, baseUrl);
    return `url(${quote}${absolute ?? ''}${quote})`;
  });
}
