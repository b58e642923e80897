import { load } from 'cheerio';
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { ChatProfile } from '../../config/json-files.js';
import { absoluteHttpUrl } from '../../infra/content/resolve-url.js';
import type { ChatNode, ChatSource, ListItem, ProductItem } from './chat-node.js';

/** Phrasing content: a run of these (and text) between blocks is read as one paragraph. */
const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'img', 'ins', 'kbd',
  'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr',
]);
/** Page chrome that is never part of the answer (copy buttons, icons). */
const CHROME = 'script, style, button, svg, template, noscript, input, textarea, select, iframe';
/** Elements whose boundaries separate words when their text is read as one string. */
const BREAKS = 'p, div, li, tr, td, th, h1, h2, h3, h4, h5, h6, pre, ul, ol, table, section, article, blockquote';

type Nodes = Cheerio<AnyNode>;

/**
 * Wrappers and nested lists followed this deep at most: past it, a wrapper is read as one paragraph of its text and a
 * list's deeper lists are left out. An answer the caller's prompt steers (3,000 nested quotes) would otherwise
 * overflow the stack, an internal error instead of an answer.
 */
const MAX_NESTING = 64;

const isElement = (node: AnyNode): node is Element => 'tagName' in node;
const normalize = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * Maps the HTML of the answer's content element (profile.content) to chat nodes, block by block in document order
 * (decisions.md sections 2 and 5). Wrapper elements are descended into; consecutive product cards, also across
 * wrappers, form one product_list. Pure: no I/O, no page.
 */
export function answerToNodes(html: string, profile: ChatProfile, pageUrl: string): ChatNode[] {
  const $ = load(html, null, false);
  const mapper = new AnswerMapper($, profile, pageUrl);
  mapper.container($.root(), 0);
  return mapper.finish();
}

class AnswerMapper {
  private readonly nodes: ChatNode[] = [];
  private products: ProductItem[] = [];

  constructor(
    private readonly $: CheerioAPI,
    private readonly profile: ChatProfile,
    /** Where the answer was read: its links' URLs are absolute against it (the spec's `url` is a URI). */
    private readonly pageUrl: string,
  ) {}

  container(parent: Cheerio<AnyNode>, depth: number): void {
    if (depth > MAX_NESTING) return this.deepParagraph(parent);
    let inline: AnyNode[] = [];
    for (const child of parent.contents().toArray()) {
      if (child.type === 'text' || (isElement(child) && INLINE.has(child.tagName) && !this.isProduct(child))) {
        inline.push(child);
      } else if (isElement(child)) {
        this.inlineRun(inline);
        inline = [];
        this.block(child, depth + 1);
      }
    }
    this.inlineRun(inline);
  }

  finish(): ChatNode[] {
    this.flushProducts();
    return this.nodes;
  }

  private block(element: Element, depth: number): void {
    const $el = this.$(element);
    const tag = element.tagName.toLowerCase();
    if (this.isProduct(element)) this.product($el);
    else if ($el.is(CHROME)) return;
    else if (tag === 'p') this.paragraph($el);
    else if (/^h[1-6]$/.test(tag)) this.heading($el, Number(tag[1]));
    else if (tag === 'ul') this.emit({ type: 'bullet_list', items: this.listItems($el, depth) });
    else if (tag === 'ol') this.emit({ type: 'ordered_list', items: this.listItems($el, depth) });
    else if (tag === 'table') this.table($el);
    else if (tag === 'pre') this.code($el);
    else this.container($el, depth);
  }

  private isProduct(element: Element): boolean {
    return this.$(element).is(this.profile.product);
  }

  private emit(node: ChatNode): void {
    this.flushProducts();
    this.nodes.push(node);
  }

  private flushProducts(): void {
    if (this.products.length > 0) this.nodes.push({ type: 'product_list', items: this.products });
    this.products = [];
  }

  private inlineRun(nodes: AnyNode[]): void {
    if (nodes.length === 0) return;
    this.paragraph(this.$('<p></p>').append(this.$(nodes).clone()));
  }

  private paragraph($p: Nodes): void {
    const text = this.text($p);
    const sources = this.sources($p);
    if (text !== '' || sources.length > 0) this.emit({ type: 'paragraph', text, sources });
  }

  private heading($h: Nodes, level: number): void {
    const text = this.text($h);
    if (text !== '') this.emit({ type: 'heading', level, text });
  }

  /** Items without their nested lists; a nested list's items follow their parent item. */
  private listItems($list: Nodes, depth: number): ListItem[] {
    const items: ListItem[] = [];
    if (depth > MAX_NESTING) return items;
    for (const li of $list.children('li').toArray()) {
      const $li = this.$(li);
      const text = this.flatText($li.contents().toArray(), 'ul, ol');
      if (text !== '') items.push({ text });
      const nested = $li.find('ul, ol').filter((_, list) => this.$(list).parent().closest('li')[0] === li);
      for (const list of nested.toArray()) items.push(...this.listItems(this.$(list), depth + 1));
    }
    return items;
  }

  private table($table: Nodes): void {
    const rows = $table.find('tr').filter((_, tr) => this.$(tr).closest('table')[0] === $table[0]).toArray();
    const cells = (tr: Element): string[] => this.$(tr).children('th, td').toArray().map((cell) => this.text(this.$(cell)));
    const first = rows[0] ? this.$(rows[0]) : null;
    const head = rows.find((tr) => this.$(tr).parent().is('thead'))
      ?? (first && first.children('td').length === 0 ? rows[0] : undefined);
    this.emit({
      type: 'table',
      headers: head ? cells(head) : [],
      rows: rows.filter((tr) => tr !== head).map(cells).filter((row) => row.length > 0),
      sources: this.sources($table),
    });
  }

  private code($pre: Nodes): void {
    const $code = $pre.find('code').first();
    // Highlighters name it `language-x` (CommonMark's), `lang-x` (Prettify's), on the code or on its pre.
    const classes = `${$code.attr('class') ?? ''} ${$pre.attr('class') ?? ''}`;
    const language = /(?:^|\s)(?:language|lang)-(\S+)/.exec(classes)?.[1] ?? '';
    const text = ($code.length > 0 ? $code : $pre.clone().find(CHROME).remove().end()).text();
    this.emit({ type: 'code', language, text: text.replace(/\n$/, '') });
  }

  private product($card: Nodes): void {
    const field = (selector: string): string | undefined => this.text($card.find(selector).first()) || undefined;
    const name = field(this.profile.productName);
    if (!name) return;
    const link = $card.is('a[href]') ? $card : $card.find('a[href]').not(this.profile.citation).first();
    const optional = Object.entries({
      price: field(this.profile.productPrice),
      url: this.absolute(link.attr('href')),
      image: this.absolute($card.find('img[src]').first().attr('src')),
      rating: field(this.profile.productRating),
    }).filter(([, value]) => value);
    this.products.push({ name, ...Object.fromEntries(optional), sources: this.sources($card) });
  }

  /** A wrapper past MAX_NESTING as one paragraph of its text (its citations, as its chrome, left out). */
  private deepParagraph(parent: Nodes): void {
    const text = this.flatText(parent.contents().toArray(), '');
    if (text !== '') this.emit({ type: 'paragraph', text, sources: [] });
  }

  /**
   * The text of these nodes, by a walk of our own (cheerio's clone and text recurse once a level, which a deep answer
   * overflows): block boundaries and `<br>` separate words, citations and chrome are left out, and so is what
   * `skip` (a selector, or '') matches.
   */
  private flatText(roots: AnyNode[], skip: string): string {
    const left = [this.profile.citation, CHROME, skip].filter((selector) => selector !== '').join(', ');
    const breaks = new Set(BREAKS.split(', '));
    const parts: string[] = [];
    const stack: Array<AnyNode | ' '> = [...roots].reverse();
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node === ' ') parts.push(' ');
      else if (node.type === 'text') parts.push((node as unknown as { data: string }).data);
      else if (isElement(node) && !this.$(node).is(left)) {
        const tag = node.tagName.toLowerCase();
        if (tag === 'br') parts.push(' ');
        const spaced = breaks.has(tag);
        if (spaced) parts.push(' ');
        if (spaced) stack.push(' ');
        for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]);
      }
    }
    return normalize(parts.join(''));
  }

  /** Visible text with citation pills and page chrome taken out, words kept apart across element boundaries. */
  private text($el: Nodes): string {
    return this.flatText($el.toArray().flatMap((element) => this.$(element).contents().toArray()), '');
  }

  /** http(s) only, absolute: a `javascript:` or `data:` link of the answer is no URL a client should be handed. */
  private absolute(value: string | undefined): string | undefined {
    return value === undefined ? undefined : (absoluteHttpUrl(value, this.pageUrl) ?? undefined);
  }

  private sources($el: Nodes): ChatSource[] {
    const seen = new Set<string>();
    const sources: ChatSource[] = [];
    for (const link of $el.find(this.profile.citation).toArray()) {
      const url = this.absolute(this.$(link).attr('href'));
      const attribution = normalize(this.$(link).text());
      const key = `${attribution}\n${url}`;
      if (!url || seen.has(key)) continue;
      seen.add(key);
      sources.push({ attribution, url });
    }
    return sources;
  }
}
