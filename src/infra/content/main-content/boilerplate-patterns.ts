/** What marks an element as boilerplate (decisions.md 8.1: navigation, headers, footers, sidebars, banners, ads, share bars, comments, related links). */

/** ARIA landmarks and widgets that are not the page's content. */
export const BOILERPLATE_ROLES = new Set([
  'navigation', 'banner', 'contentinfo', 'complementary', 'search', 'dialog', 'alertdialog', 'menu', 'menubar',
  'toolbar', 'tablist', 'tooltip',
]);

/** Class or id words of boilerplate blocks (matched on the whole class/id text, like Readability's unlikely candidates). */
export const BOILERPLATE_NAMES =
  /(^|[-_\s])(banner|breadcrumbs?|masthead|menu|nav|navbar|navigation|newsletter|subscribe|subscription|signup|popup|modal|overlay|related|recommended|recirc|more-stories|share|sharing|social|sidebar|skip-link|sponsor|sponsored|promo|pagination|pager|tags|tag-list|author-bio|byline-social|toolbar|offcanvas|off-canvas|drawer|mega-menu|site-header|site-footer|announcement|signature|upsells?|cross-?sells?|crosssells?|recently-viewed|also-bought|also-like)(?=$|[-_\s])/i;

/**
 * Words that name a part of whatever their class token names (`card-header`, `table-footer`, `accordion-header`):
 * page furniture as a token of their own or leading one (`header`, `header__inner`, `footer-links`), or after a word
 * of the page's (`site-header`, `global-footer`, `main-header`)...
 */
export const FURNITURE_NAMES = /(^|\s)((site|global|main|page|top)[-_]+)?(header|footer)(?=$|[-_\s])/i;

/** ...and inside any other token (`c-header`, `card-header`) only outside the page's article (remove-boilerplate.ts). */
export const PART_NAMES = /[-_](header|footer)(?=$|[-_\s])/i;

/** The boilerplate word of a class and id text (`promo` of `cmp-promo-container`, `recirc` of `tax-sc__recirc-list`), if any. */
export function boilerplateWord(words: string): string | undefined {
  return BOILERPLATE_NAMES.exec(words)?.[2].toLowerCase();
}

/**
 * Class or id words naming a page's layout that has a sidebar (`c-layout-sidebar-left`, `has-sidebar`,
 * `with-sidebar`): the wrapper of the content column and the sidebar both, not the sidebar; they outweigh `sidebar`.
 */
export const SIDEBAR_LAYOUT_NAMES = /(^|[-_\s])(layout|with|has)[-_]sidebar(?=$|[-_\s])/i;

/** Class or id words of advertising, at the start of a class token only (`ad-slot`, not `hide-read-more-ad`). */
export const AD_NAMES = /(^|\s)(ad|ads|adv|advert|advertisement|adsbygoogle|dfp|gpt-ad)(?=$|[-_\s])/i;

/** Cookie and consent managers: boilerplate whatever their size (a consent dialog can outweigh a short page). */
export const CONSENT_NAMES = /(^|[-_\s])(cookies?|consent|gdpr|onetrust|cookiebot|usercentrics|didomi|fides|truste|privacy-(banner|notice|manager))(?=$|[-_\s])/i;

/** Class or id words of comment threads: boilerplate under an article, the content of a forum thread. */
export const COMMENT_NAMES = /(^|[-_\s])(comments?|comment-list|commentlist|disqus|replies)(?=$|[-_\s])/i;

/** A class or id name whose last word is the comments' (`entry-comments`, `post-comments`): a thread, whatever word leads it. */
export const COMMENT_HEADED_NAMES = /(^|\s)([\w-]*[-_])?(comments|comment-list|commentlist)(?=$|\s)/i;

/** A blog's comment area (WordPress's `comments-area`, `comment-list`): comments under a post, never a forum thread. */
export const BLOG_COMMENTS_SELECTOR = '.comments-area, .comment-list, .commentlist';

/** Class or id words that say "content", which outweigh a boilerplate word on the same element (as in Readability). */
export const CONTENT_NAMES = /(^|[-_\s])(article|body|content|main|post|entry|story|text|prose|markdown|docs?|documentation|question|answer|thread|message)(?=$|[-_\s])/i;
