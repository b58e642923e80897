import { codeText } from './code-text.js';
import { codeLanguage } from './doc-conventions.js';
import { tagOf } from '../find-elements.js';
import { isHidden } from '../hidden.js';
import { BLOCK_TAGS, INNER_BLOCK_TAGS } from '../html-tags.js';
import { isElement, isText } from './element-kinds.js';
import { codeFence, escapeLineStart } from './escape.js';
import { FORMATTING_TAGS, InlineRenderer } from './inline.js';
import type { RenderContext } from './render-mode.js';
import { rendersNothing } from './renders-nothing.js';
import { renderTable } from './table.js';
import { collapseWhitespace, isBlank } from '../whitespace.js';
import { pushAll } from '../large-arrays.js';

const HEADING = /^h([1-6])$/;

/** A rendered block; lists are told apart so that a list nested in an item follows its text without a blank line. */
export interface Block {
  readonly text: string;
  readonly list: boolean;
}

/**
 * Walks elements in document order and turns them into blocks (paragraphs, headings, lists, quotes, code, tables,
 * rules). Inline content gathers until a block boundary ends its paragraph.
 */
export class BlockRenderer {
  private readonly blocks: Block[] = [];
  private readonly inline: InlineRenderer;
  private pending = '';

  constructor(private readonly ctx: RenderContext) {
    this.inline = new InlineRenderer(ctx);
  }

  /** The blocks of the given nodes, none empty. */
  render(nodes: Iterable<Node>): Block[] {
    for (const node of nodes) this.walk(node);
    this.flush();
    return this.blocks;
  }

  private walk(node: Node): void {
    if (isText(node)) {
      this.pending += this.inline.render(node);
      return;
    }
    if (!isElement(node)) return;
    const tag = node.localName;
    if (rendersNothing(node)) return;
    if (BLOCK_TAGS.has(tag)) {
      this.flush();
      this.block(node, tag);
      this.flush();
    } else if (FORMATTING_TAGS.has(tag) && !holdsBlock(node)) {
      this.pending += this.inline.render(node);
    } else if (tag === 'br' || tag === 'img') {
      this.pending += this.inline.render(node);
    } else {
      for (const child of node.childNodes) this.walk(child);
    }
  }

  private block(element: Element, tag: string): void {
    const heading = HEADING.exec(tag);
    if (heading) return this.push(this.heading(element, Number(heading[1])));
    if (tag === 'ul' || tag === 'ol') return this.push(this.list(element, tag === 'ol'), true);
    if (tag === 'pre' || tag === 'listing' || tag === 'xmp' || tag === 'plaintext') return this.push(this.code(element));
    if (tag === 'blockquote') return this.push(this.quote(element));
    if (tag === 'hr') return this.push(this.ctx.mode === 'markdown' ? '---' : '');
    if (tag === 'table') {
      const table = renderTable(element, this.ctx, this.inline);
      if (table !== null) return this.push(table);
    }
    for (const child of element.childNodes) this.walk(child);
  }

  private push(text: string, list = false): void {
    if (!isBlank(text)) this.blocks.push({ text, list });
  }

  /** The gathered inline content as a paragraph: lines trimmed, empty lines dropped, hard breaks kept. */
  private flush(): void {
    const lines = this.pending.split('\n').map((line) => line.replace(/ {2,}/g, ' ').trim()).filter((line) => !isBlank(line));
    this.pending = '';
    if (lines.length === 0) return;
    if (this.ctx.mode === 'text') return this.push(lines.join('\n'));
    this.push(lines.map(escapeLineStart).join('\\\n'));
  }

  private heading(element: Element, level: number): string {
    const text = collapseWhitespace(this.inline.render(element)).trim();
    if (text === '' || this.ctx.mode === 'text') return text;
    return `${'#'.repeat(level)} ${text}`;
  }

  private list(element: Element, ordered: boolean): string {
    const start = Number.parseInt(element.getAttribute('start') ?? '', 10);
    // A reversed list counts down, from its item count unless it names a start (HTML's ordinal values).
    const step = ordered && element.hasAttribute('reversed') ? -1 : 1;
    const items = () => [...element.children].filter((child) => child.localName === 'li').length;
    let number = ordered && Number.isFinite(start) ? start : step < 0 ? items() : 1;
    const parts: { item: boolean; text: string }[] = [];
    // What a list holds outside its items (Steam's `<ul><strong>Minimum:</strong><ul>...</ul></ul>`) shows as the
    // browser shows it: in place, as blocks of its own between the items.
    let stray: Node[] = [];
    const flushStray = (): void => {
      const blocks = new BlockRenderer(this.ctx).render(stray);
      stray = [];
      if (blocks.length > 0) parts.push({ item: false, text: blocks.map((block) => block.text).join('\n\n') });
    };
    for (let node = element.firstChild; node; node = node.nextSibling) {
      if (node.nodeType !== 1 || (node as Element).localName !== 'li') {
        // The white space between items, the most of what is not an item, is no block: no renderer for it.
        if (node.nodeType === 1 || (node.nodeType === 3 && !isBlank(node.nodeValue ?? ''))) stray.push(node);
        continue;
      }
      const item = node as Element;
      if (stray.length > 0) flushStray();
      if (isHidden(item)) continue;
      const value = Number.parseInt(item.getAttribute('value') ?? '', 10);
      if (ordered && Number.isFinite(value)) number = value;
      // CommonMark takes 0 to 999,999,999 as a list number (5.2): the Markdown writes the nearest; text, the page's.
      const marker = ordered ? `${this.ctx.mode === 'text' ? number : Math.min(Math.max(number, 0), 999_999_999)}.` : '-';
      number += step;
      const blocks = new BlockRenderer(this.ctx).render(item.childNodes);
      if (blocks.length > 0) parts.push({ item: true, text: listItem(marker, blocks, this.ctx) });
    }
    if (stray.length > 0) flushStray();
    // Items one a line; a stray block stands apart, so that Markdown reads it as no part of an item.
    return parts.map((part, index) => (index === 0 ? '' : part.item && parts[index - 1].item ? '\n' : '\n\n') + part.text).join('');
  }

  private code(element: Element): string {
    const code = codeText(element).replace(/^\n/, '').replace(/\n$/, '');
    if (code.trim() === '') return '';
    if (this.ctx.mode === 'text') return code;
    const fence = codeFence(code);
    return `${fence}${codeLanguage(element)}\n${code}\n${fence}`;
  }

  private quote(element: Element): string {
    const blocks = new BlockRenderer(this.ctx).render(element.childNodes);
    const inner = blocks.map((block) => block.text).join('\n\n');
    if (this.ctx.mode === 'text') return inner;
    return inner.split('\n').map((line) => (line === '' ? '>' : `> ${line}`)).join('\n');
  }
}

/**
 * One list item: its first block on the marker's line, the rest indented under it (nested lists included). As text,
 * one line per item (decisions.md 8.1): the item's own paragraphs and code join its line, a space apart; a nested
 * list's items follow on lines of their own.
 */
function listItem(marker: string, blocks: Block[], ctx: RenderContext): string {
  const indent = ' '.repeat(marker.length + 1);
  const text = ctx.mode === 'text' ? textItem(blocks) : blocks.map((block, index) => (index === 0 ? '' : block.list ? '\n' : '\n\n') + block.text).join('');
  return `${marker} ${text.split('\n').map((line, index) => (index === 0 || line === '' ? line : indent + line)).join('\n')}`;
}

function textItem(blocks: Block[]): string {
  const own = blocks.filter((block) => !block.list).map((block) => block.text.replace(/\s*\n\s*/g, ' ')).join(' ');
  const nested = blocks.filter((block) => block.list).map((block) => block.text);
  return [own, ...nested].filter((part) => part !== '').join('\n');
}

/**
 * Whether a block element (INNER_BLOCK_TAGS) stands anywhere inside the element, as a selector of their names would
 * answer (a template's content left out), by a set lookup a descendant: the selector engine matched each descendant against
 * each of the fifty block names, for every formatting element of the page, nested ones again.
 */
function holdsBlock(element: Element): boolean {
  const pending = [...element.children];
  for (let next = pending.pop(); next; next = pending.pop()) {
    // Lower-cased, as the engine compares names in an HTML document.
    const name = tagOf(next);
    if (INNER_BLOCK_TAGS.has(name)) return true;
    if (name !== 'template') pushAll(pending, next.children);
  }
  return false;
}
