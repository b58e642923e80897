/** Elements that hold nothing a reader of the content wants (their text is not content). */
export const SKIPPED_TAGS: ReadonlySet<string> = new Set([
  'script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link', 'base', 'iframe', 'frame', 'frameset',
  'object', 'embed', 'svg', 'math', 'canvas', 'video', 'audio', 'map', 'input', 'select', 'option', 'optgroup',
  'textarea', 'datalist', 'dialog',
]);

/** Elements laid out as blocks: text before and after them never runs together with theirs. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'dd', 'details', 'dir', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup',
  'hr', 'html', 'legend', 'li', 'listing', 'main', 'menu', 'nav', 'ol', 'p', 'plaintext', 'pre', 'search',
  'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'xmp', 'caption',
]);

export const BLOCK_SELECTOR = [...BLOCK_TAGS].filter((tag) => tag !== 'html' && tag !== 'body').join(',');


export function isElement(node: Node): node is Element {
  return node.nodeType === 1;
}

export function isText(node: Node): boolean {
  return node.nodeType === 3;
}
