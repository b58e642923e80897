import { absoluteUrl, isScriptUrl } from './resolve-url.js';
import { splitAscii } from './whitespace.js';

const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'poster', 'cite', 'background', 'longdesc', 'data-src'];

/**
 * decisions.md 8.1: the kept elements as an HTML fragment, with event-handler attributes gone, `javascript:` URLs
 * gone and every URL absolute against the page's URL. (Scripts, styles and comments are gone already.)
 */
export function renderHtmlFragment(elements: readonly Element[], baseUrl: string): string {
  return elements.map((element) => sanitized(element, baseUrl).outerHTML).join('\n');
}

function sanitized(root: Element, baseUrl: string): Element {
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const { name, value } of [...element.attributes]) {
      if (/^on/i.test(name)) element.removeAttribute(name);
      else if (URL_ATTRIBUTES.includes(name.toLowerCase())) setUrl(element, name, value, baseUrl);
      else if (name.toLowerCase() === 'srcset') element.setAttribute(name, absoluteSrcset(value, baseUrl));
      else if (name.toLowerCase() === 'style' && /url\(/i.test(value)) element.setAttribute(name, absoluteCssUrls(value, baseUrl));
    }
  }
  return root;
}

function setUrl(element: Element, name: string, value: string, baseUrl: string): void {
  const url = isScriptUrl(value) ? null : absoluteUrl(value, baseUrl);
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

/** A style attribute's `url(...)`s made absolute (quoted or not); one that cannot be resolved, or runs script, is emptied. */
function absoluteCssUrls(value: string, baseUrl: string): string {
  return value.replace(/url\(\s*(?:(['"])(.*?)\1|([^'"\s)]*))\s*\)/gi, (_whole, quote: string | undefined, quoted: string | undefined, bare: string | undefined) => {
    const url = quoted ?? bare ?? '';
    const absolute = isScriptUrl(url) ? null : absoluteUrl(url, baseUrl);
    return `url(${quote ?? ''}${absolute ?? ''}${quote ?? ''})`;
  });
}
