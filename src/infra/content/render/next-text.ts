import { BLOCK_TAGS } from '../html-tags.js';
import { collapseWhitespace } from '../whitespace.js';
import { isElement, isText } from './element-kinds.js';
import { rendersNothing } from './renders-nothing.js';

/**
 * The first character the renderer writes after a text node in the same line of Markdown, as the markup tells it:
 * the next text's first character (a space for white space), `\n` at a line break or a block, `[` for a link, `!`
 * for an image, '' at the end of the node's block. Escaping asks it for a `]`, `<` or `!` that ends a text node:
 * `[x]<span>(y)</span>` would be a link, `a <<span>div>` a tag, `Hi!<a href=u>x</a>` an image, though no text node
 * holds the whole construct. Markup written in between (`**`, a backtick) already breaks the construct; reading
 * through it only escapes once too often.
 */
export function nextTextStart(node: Node): string {
  for (let at: Node | null = node; at; at = at.parentNode) {
    if (at !== node && isElement(at) && BLOCK_TAGS.has(at.localName)) return '';
    for (let next = at.nextSibling; next; next = next.nextSibling) {
      const start = firstTextStart(next);
      if (start !== null) return start;
    }
  }
  return '';
}

/** The node's first rendered character, or null when it renders nothing. */
function firstTextStart(node: Node): string | null {
  if (isText(node)) return collapseWhitespace(node.textContent ?? '').charAt(0) || null;
  if (!isElement(node)) return null;
  const tag = node.localName;
  if (rendersNothing(node)) return null;
  if (tag === 'br' || BLOCK_TAGS.has(tag)) return '\n';
  // What a link or an image may write first; a `[` escapes a `!` before it once too often where the link renders as text.
  if (tag === 'a' && node.hasAttribute('href')) return '[';
  if (tag === 'img') return '!';
  for (const child of node.childNodes) {
    const start = firstTextStart(child);
    if (start !== null) return start;
  }
  return null;
}
