import { absoluteHttpUrl, absoluteUrl, isUnsafeLinkUrl } from '../resolve-url.js';
import { collapseWhitespace } from '../whitespace.js';
import { isPermalink } from './doc-conventions.js';
import { BLOCK_TAGS } from '../html-tags.js';
import { isElement, isText } from './element-kinds.js';
import { codeSpan, escapeInline, escapeLabel, linkDestination } from './escape.js';
import { nextTextStart } from './next-text.js';
import type { RenderContext } from './render-mode.js';
import { rendersNothing } from './renders-nothing.js';

const STRONG = new Set(['strong', 'b']);
const EMPHASIS = new Set(['em', 'i']);
const CODE = new Set(['code', 'kbd', 'samp', 'tt']);
const STRIKE = new Set(['del', 's', 'strike']);

/** Inline elements whose Markdown is more than their text: rendered whole when they hold no block. */
export const FORMATTING_TAGS: ReadonlySet<string> = new Set([...STRONG, ...EMPHASIS, ...CODE, ...STRIKE, 'a']);


/**
 * The inline rendering of a node's content: text (escaped for Markdown), emphasis, code, links and images, with
 * `\n` for a line break. Whitespace is collapsed but not trimmed: the paragraph that holds it trims.
 */
export class InlineRenderer {
  private linkDepth = 0;

  constructor(private readonly ctx: RenderContext) {}

  render(node: Node): string {
    if (isText(node)) return this.text(node);
    if (!isElement(node)) return '';
    const tag = node.localName;
    if (rendersNothing(node)) return '';
    if (tag === 'br') return '\n';
    if (tag === 'img') return this.image(node);
    if (tag === 'a') return this.link(node);
    const inner = this.children(node);
    const spaced = BLOCK_TAGS.has(tag) ? ` ${inner} ` : inner;
    if (this.ctx.mode === 'text') return spaced;
    if (STRONG.has(tag)) return wrap(inner, '**');
    if (EMPHASIS.has(tag)) return wrap(inner, insideWord(node) ? '*' : '_');
    if (STRIKE.has(tag)) return wrap(inner, '~~');
    if (CODE.has(tag)) return this.code(node);
    return spaced;
  }

  private link(element: Element): string {
    if (isPermalink(element, this.ctx.baseUrl)) return '';
    const href = element.getAttribute('href');
    const url = href === null || isUnsafeLinkUrl(href) ? null : absoluteUrl(href, this.ctx.baseUrl);
    // Only a link Markdown writes holds its label: a link inside one (deeper than a child, which parsing moved out:
    // unnested-anchors.ts) is its text, as Markdown has no link in a link's label; one inside an `a` that writes no
    // link (no href, a javascript: one) is a link of its own.
    const writes = this.ctx.mode !== 'text' && url !== null && this.linkDepth === 0;
    if (writes) this.linkDepth += 1;
    const inner = this.children(element).replace(/[ \t\n\r\f]*\n[ \t\n\r\f]*/g, ' ');
    if (writes) this.linkDepth -= 1;
    const text = inner.trim();
    if (!writes || text === '') return inner;
    return `${leading(inner)}[${text}](${linkDestination(url)})${trailing(inner)}`;
  }

  private children(element: Element): string {
    let out = '';
    for (const child of element.childNodes) out += this.render(child);
    return out;
  }

  private text(node: Node): string {
    const text = collapseWhitespace(node.textContent ?? '');
    if (this.ctx.mode === 'text') return text;
    // Only a text ending in `]`, `<` or `!` can start a construct that what follows completes (the parser splits
    // text at character references: `&lt;b&gt;` is three text nodes).
    const next = /[\]<!]$/.test(text) ? nextTextStart(node) : '';
    return this.linkDepth > 0 ? escapeLabel(text, next) : escapeInline(text, next);
  }

  private code(element: Element): string {
    const code = collapseWhitespace(element.textContent ?? '');
    const core = code.trim();
    return core ? `${leading(code)}${codeSpan(core)}${trailing(code)}` : code;
  }

  private image(element: Element): string {
    const alt = collapseWhitespace(element.getAttribute('alt') ?? '').trim();
    if (this.ctx.mode === 'text') return alt;
    // A lazy image's `src` is often a data: placeholder, its address in `data-src`.
    const src = element.getAttribute('src');
    const source = (src && !/^data:/i.test(src) ? src : null) || element.getAttribute('data-src') || src || '';
    const url = source ? absoluteHttpUrl(source, this.ctx.baseUrl) : null;
    const label = escapeLabel(alt);
    if (url === null) return label;
    return `![${label}](${linkDestination(url)})`;
  }
}

/**
 * Whether a letter or digit touches the element on either side (`un<em>frigging</em>believable`): CommonMark reads no
 * `_` there as emphasis (6.2), only `*`.
 */
function insideWord(element: Element): boolean {
  const inner = element.textContent ?? '';
  const before = element.previousSibling?.textContent ?? '';
  const after = element.nextSibling?.textContent ?? '';
  return (/[\p{L}\p{N}]$/u.test(before) && /^\S/u.test(inner)) || (/^[\p{L}\p{N}]/u.test(after) && /\S$/u.test(inner));
}

/** Emphasis marks hug the text: surrounding spaces move outside, empty emphasis disappears. */
function wrap(inner: string, mark: string): string {
  const core = inner.trim();
  return core ? `${leading(inner)}${mark}${core}${mark}${trailing(inner)}` : inner;
}

const leading = (text: string): string => (/^[ \t\n\r\f]/.test(text) ? ' ' : '');
const trailing = (text: string): string => (/[ \t\n\r\f]$/.test(text) ? ' ' : '');
