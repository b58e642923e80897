const CHROME_TAGS = new Set(['header', 'footer', 'nav']);
const CHROME_ROLES = new Set(['banner', 'contentinfo', 'navigation']);
const CHROME_NAMES = /(^|\s)(header|footer|site-header|site-footer|navbar|navigation)(?=$|\s)/;

/**
 * The page's header, footer or a menu, by tag, role or a whole class or id word (`words`, the element's class and id
 * text): chrome around the content, which the clean step leaves out of the page's size when it weighs a box that only
 * its name calls boilerplate.
 */
export function isPageChrome(element: Element, words: string): boolean {
  if (CHROME_TAGS.has(element.localName)) return true;
  // Asked of every element of the page: one without attributes (most) has no role, and a lookup walks the attributes.
  if (element.hasAttributes() && CHROME_ROLES.has(element.getAttribute('role') ?? '')) return true;
  return CHROME_NAMES.test(words);
}
