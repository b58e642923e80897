const CHROME_TAGS = new Set(['header', 'footer', 'nav']);
const CHROME_ROLES = new Set(['banner', 'contentinfo', 'navigation']);
export const CHROME_NAMES = /(^|\s)(header|footer|site-header|site-footer|navbar|navigation)(?=$|\s)/;

/**
 * The page's header, footer or a menu, by tag, role or a whole class or id word (`words`, the element's class and id
 * text): chrome around the content, which the clean step leaves out of the page's size when it weighs a box that only
 * its name calls boilerplate.
 */
export function isPageChrome(element: Element, words: string): boolean {
  // Asked of every element of the page: one without attributes (most) has no role, and a lookup walks the attributes.
  return isChromeByTagOrRole(element.localName, element.hasAttributes() ? element.getAttribute('role') : null) || CHROME_NAMES.test(words);
}

/** isPageChrome's tag and role half, for a caller that holds both (and the words' answer) already (page-elements.ts). */
export function isChromeByTagOrRole(localName: string, role: string | null): boolean {
  return CHROME_TAGS.has(localName) || CHROME_ROLES.has(role ?? '');
}
