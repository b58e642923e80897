import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { loadChatProfile } from '../../config/json-files.js';
import type { ChatProfile } from '../../config/json-files.js';
import { answerToNodes } from './answer-to-nodes.js';

const profile = loadChatProfile();
/** Where the answer was read: relative links are made absolute against it. */
const PAGE = 'https://chat.example/c/42';
const fixture = (name: string): string => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
const pill = (name: string, url: string): string =>
  `<span data-state="closed"><span data-testid="webpage-citation-pill"><a href="${url}">${name}</a></span></span>`;
const card = (name: string, extra = ''): string =>
  `<div data-testid="product-card"><span data-testid="product-name">${name}</span>${extra}</div>`;

describe('answerToNodes', () => {
  it('reads an answer nested 20,000 deep (a prompt can ask for it) without overflowing: past 64 levels, one paragraph of its text', () => {
    const quotes = `${'<blockquote>'.repeat(20_000)}deep words${'</blockquote>'.repeat(20_000)}`;
    expect(answerToNodes(`<p>Intro</p>${quotes}`, profile, PAGE)).toEqual([
      { type: 'paragraph', text: 'Intro', sources: [] },
      { type: 'paragraph', text: 'deep words', sources: [] },
    ]);
    const lists = `<ul>${'<li>item<ul>'.repeat(5_000)}<li>last</li>${'</ul></li>'.repeat(5_000)}</ul>`;
    const items = (answerToNodes(lists, profile, PAGE)[0] as { items: unknown[] }).items;
    expect(items.length).toBe(64);
  });

  it('maps a saved answer with every node type, in order', () => {
    expect(answerToNodes(fixture('answer-full.html'), profile, PAGE)).toEqual([
      { type: 'heading', level: 2, text: 'Best espresso grinders' },
      {
        type: 'paragraph',
        text: 'A burr grinder gives a more even grind than a blade grinder. Prices start around $100. Most models are stepless.',
        sources: [
          { attribution: 'Serious Eats', url: 'https://www.seriouseats.com/grinders?utm_source=chatgpt.com' },
          { attribution: 'Wikipedia', url: 'https://en.wikipedia.org/wiki/Burr_mill' },
        ],
      },
      {
        type: 'product_list',
        items: [
          {
            name: 'Baratza Encore ESP',
            price: '$199.95',
            url: 'https://shop.example/baratza-encore',
            image: 'https://img.example/encore.jpg',
            rating: '4.6',
            sources: [{ attribution: 'Baratza', url: 'https://www.baratza.com/encore-esp' }],
          },
          { name: 'DF64 Gen 2', price: '$399', url: 'https://shop.example/df64', sources: [] },
        ],
      },
      { type: 'heading', level: 3, text: 'What to look for' },
      { type: 'bullet_list', items: [{ text: 'Burr size' }, { text: 'Grind retention' }, { text: 'Single-dosing' }] },
      { type: 'ordered_list', items: [{ text: 'Weigh the beans.' }, { text: 'Grind 18 g fine.' }] },
      {
        type: 'table',
        headers: ['Grinder', 'Price'],
        rows: [['Encore ESP', '$199.95'], ['DF64', '$399']],
        sources: [{ attribution: 'Baratza', url: 'https://www.baratza.com/encore-esp' }],
      },
      { type: 'code', language: 'python', text: 'def dose(grams):\n    return grams * 2' },
      { type: 'paragraph', text: 'Enjoy your coffee!', sources: [] },
    ]);
  });

  it('leaves optional product fields out rather than null', () => {
    const [node] = answerToNodes(card('Plain'), profile, PAGE);
    expect(node).toStrictEqual({ type: 'product_list', items: [{ name: 'Plain', sources: [] }] });
  });

  it('keeps one product run across per-card wrappers and splits runs at other blocks', () => {
    const html = `<div>${card('A')}</div> <div>${card('B')}</div><p>between</p>${card('C')}`;
    expect(answerToNodes(html, profile, PAGE)).toEqual([
      { type: 'product_list', items: [{ name: 'A', sources: [] }, { name: 'B', sources: [] }] },
      { type: 'paragraph', text: 'between', sources: [] },
      { type: 'product_list', items: [{ name: 'C', sources: [] }] },
    ]);
  });

  it('reads loose inline text between blocks as paragraphs and skips empty blocks', () => {
    const html = `Intro with <b>bold</b> ${pill('Example', 'https://example.com/a')}<h4> </h4><p>\n</p><div>Tail <i>end</i></div>`;
    expect(answerToNodes(html, profile, PAGE)).toEqual([
      { type: 'paragraph', text: 'Intro with bold', sources: [{ attribution: 'Example', url: 'https://example.com/a' }] },
      { type: 'paragraph', text: 'Tail end', sources: [] },
    ]);
  });

  it('de-duplicates repeated citations and ignores a citation without a link', () => {
    const html = `<p>One ${pill('Example', 'https://example.com/a')} two ${pill('Example', 'https://example.com/a')}
      <span data-testid="webpage-citation-pill"><a>Nowhere</a></span></p>`;
    expect(answerToNodes(html, profile, PAGE)).toEqual([
      { type: 'paragraph', text: 'One two', sources: [{ attribution: 'Example', url: 'https://example.com/a' }] },
    ]);
  });

  it('takes headers from a first row of th cells when there is no thead, and keeps ordinary links as text', () => {
    const html = '<table><tr><th>k</th><th>v</th></tr><tr><td><a href="https://x.test/">x</a></td><td><p>a</p><p>b</p></td></tr></table>';
    expect(answerToNodes(html, profile, PAGE)).toEqual([{ type: 'table', headers: ['k', 'v'], rows: [['x', 'a b']], sources: [] }]);
  });

  it('reads a table without header cells as rows only', () => {
    expect(answerToNodes('<table><tbody><tr><td>1</td><td>2</td></tr></tbody></table>', profile, PAGE)).toEqual([
      { type: 'table', headers: [], rows: [['1', '2']], sources: [] },
    ]);
  });

  it('keeps the whitespace of code and gives an empty language when no class names one', () => {
    expect(answerToNodes('<pre><code>a  b\n\tc\n</code></pre><pre>raw <b>text</b></pre>', profile, PAGE)).toEqual([
      { type: 'code', language: '', text: 'a  b\n\tc' },
      { type: 'code', language: '', text: 'raw text' },
    ]);
  });

  it('maps every heading level', () => {
    const html = [1, 2, 3, 4, 5, 6].map((level) => `<h${level}>H${level}</h${level}>`).join('');
    expect(answerToNodes(html, profile, PAGE)).toEqual(
      [1, 2, 3, 4, 5, 6].map((level) => ({ type: 'heading', level, text: `H${level}` })),
    );
  });

  it('follows a profile whose selectors are all renamed', () => {
    const renamed: ChatProfile = {
      ...profile,
      citation: 'cite.ref a',
      product: '.offer',
      productName: '.offer-title',
      productPrice: '.offer-cost',
      productRating: '.offer-stars',
    };
    const html = `<p>Fact <cite class="ref"><a href="https://example.com/b">B</a></cite></p>
      <section class="offer"><b class="offer-title">Kettle</b><i class="offer-cost">$30</i><i class="offer-stars">4.1</i></section>
      <div data-testid="product-card"><span data-testid="product-name">Not a card here</span></div>`;
    expect(answerToNodes(html, renamed, PAGE)).toEqual([
      { type: 'paragraph', text: 'Fact', sources: [{ attribution: 'B', url: 'https://example.com/b' }] },
      { type: 'product_list', items: [{ name: 'Kettle', price: '$30', rating: '4.1', sources: [] }] },
      { type: 'paragraph', text: 'Not a card here', sources: [] },
    ]);
  });

  it('returns no nodes for an empty answer', () => {
    expect(answerToNodes('  <div class="markdown"> </div>', profile, PAGE)).toEqual([]);
  });

  it('makes a citation\'s and a product\'s relative URLs absolute against the page (the spec types them as URIs)', () => {
    const html = `<p>See ${pill('Docs', '/docs/a?b#c')}.</p>${card('Lamp', '<a href="../shop/lamp">buy</a><img src="//cdn.example/lamp.png">')}`;
    expect(answerToNodes(html, profile, PAGE)).toMatchObject([
      { type: 'paragraph', sources: [{ attribution: 'Docs', url: 'https://chat.example/docs/a?b#c' }] },
      { type: 'product_list', items: [{ name: 'Lamp', url: 'https://chat.example/shop/lamp', image: 'https://cdn.example/lamp.png' }] },
    ]);
  });

  it('hands back no javascript: or data: URL: a citation without an http(s) one is left out, a product loses its url and image', () => {
    const html = `<p>See ${pill('Bad', 'javascript:alert(1)')} ${pill('Good', 'https://ok.example/')}.</p>${card('Lamp', '<a href="javascript:x()">buy</a><img src="data:image/png;base64,AA">')}`;
    expect(answerToNodes(html, profile, PAGE)).toEqual([
      { type: 'paragraph', text: 'See .', sources: [{ attribution: 'Good', url: 'https://ok.example/' }] },
      { type: 'product_list', items: [{ name: 'Lamp', sources: [] }] },
    ]);
  });

  it("reads a code block's language from language-x or lang-x, on its code or on its pre", () => {
    const html = '<pre><code class="lang-js">a()</code></pre><pre class="language-py"><code>b()</code></pre><pre><code class="hljs">c</code></pre>';
    expect(answerToNodes(html, profile, PAGE)).toEqual([
      { type: 'code', language: 'js', text: 'a()' },
      { type: 'code', language: 'py', text: 'b()' },
      { type: 'code', language: '', text: 'c' },
    ]);
  });
});
