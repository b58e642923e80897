/**
 * The tag lists of the content code, each defined once, by local name (lower case, as parseDocument reads them).
 * References are to the HTML Living Standard (WHATWG) and decisions.md 8.1.
 */

/** Removed from every document before anything is read (decisions.md 8.1: no scripts, styles, or what never shows: templates, embedded browsing contexts and plug-ins). `noscript` is unwrapped first in a document as served. */
export const REMOVED_TAGS: readonly string[] = ['script', 'style', 'noscript', 'template', 'link', 'meta', 'base', 'object', 'embed', 'iframe', 'frame', 'frameset'];

/** HTML's metadata content (plus `noscript` and `template`, allowed in head): what a document without a `head` puts there while its body is still empty. */
export const HEAD_TAGS: ReadonlySet<string> = new Set(['title', 'meta', 'link', 'base', 'style', 'script', 'noscript', 'template']);

/**
 * Rendered as nothing: metadata, scripting, embedded and media content whose text is no reader's text (HTML:
 * metadata content, scripting, embedded content), form controls and their options, and closed dialogs.
 */
export const SKIPPED_TAGS: ReadonlySet<string> = new Set([
  'script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link', 'base', 'iframe', 'frame', 'frameset',
  'object', 'embed', 'svg', 'math', 'canvas', 'video', 'audio', 'map', 'input', 'select', 'option', 'optgroup',
  'textarea', 'datalist', 'dialog',
]);

/** Laid out as blocks by the HTML rendering section's user-agent style sheet (display: block, list-item, table parts): their text never runs into a neighbour's. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'dd', 'details', 'dir', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup',
  'hr', 'html', 'legend', 'li', 'listing', 'main', 'menu', 'nav', 'ol', 'p', 'plaintext', 'pre', 'search',
  'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'xmp', 'caption',
]);

/** BLOCK_TAGS but the root elements: the blocks that can stand inside an inline element. */
export const INNER_BLOCK_TAGS: ReadonlySet<string> = new Set([...BLOCK_TAGS].filter((tag) => tag !== 'html' && tag !== 'body'));

/**
 * Never main content (decisions.md 8.1: navigation, sidebars, footers, forms, embedded content): HTML's sectioning
 * landmarks `nav`, `aside` (docutils' footnote asides excepted), `footer`, and interactive, form and embedded content.
 */
export const BOILERPLATE_TAGS: ReadonlySet<string> = new Set([
  'nav', 'aside', 'footer', 'menu', 'dialog', 'form', 'button', 'select', 'input', 'textarea', 'label', 'option',
  'iframe', 'frame', 'object', 'embed', 'svg', 'canvas', 'video', 'audio', 'map', 'head', 'link', 'meta',
]);
