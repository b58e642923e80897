import { describe, expect, it } from '@jest/globals';
import { parseDocument } from '../parse-document.js';
import { compileRules } from './compile-rules.js';
import { evaluateRules } from './evaluate-rules.js';
import { ExtractTooLargeError } from './output-budget.js';
import type { ExtractRules } from './rule.js';

const PAGE_URL = 'https://shop.example/catalog/item?id=7';
// Stands in for 8.1's renderer: what it is given, so the tests see the element and the base URL it was asked with.
const markdown = (elements: readonly Element[], baseUrl: string) => `  md(${elements.map((element) => element.localName).join(',')} @ ${baseUrl})  `;

function rules(value: unknown): ExtractRules {
  const compiled = compileRules(JSON.stringify(value));
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.rules;
}

function run(html: string, value: unknown, maxBytes = 1_000_000): Record<string, unknown> {
  return evaluateRules(parseDocument(html), rules(value), { pageUrl: PAGE_URL, maxBytes, markdown });
}

const PRODUCT = `<!doctype html><html><head><title>Shop</title></head><body>
  <h1>  Espresso   machine </h1>
  <p class="price" data-currency="EUR">€ 199.00</p>
  <a id="more" HREF="../reviews#top">Reviews</a>
  <img id="pic" src="/img/e.png"><video poster="p.jpg"></video><form action="buy"></form>
  <ul><li class="spec"><b>Pressure</b> 15 bar</li><li class="spec"><b>Tank</b> 1.2 l</li></ul>
</body></html>`;

describe('evaluateRules (decisions.md 8.2)', () => {
  it('answers the first match\'s trimmed text for a selector string, null for a miss', () => {
    expect(run(PRODUCT, { name: 'h1', missing: '.nothing' })).toEqual({ name: 'Espresso   machine', missing: null });
  });

  it('answers html, markdown and attributes, URL attributes absolute with the fragment kept', () => {
    expect(run(PRODUCT, {
      html: { selector: '.price', output: 'html' },
      md: { selector: 'ul', output: 'markdown' },
      currency: { selector: '.price', output: '@data-currency' },
      absent: { selector: '.price', output: '@title' },
      href: { selector: '#more', output: '@href' },
      src: { selector: '#pic', output: '@src' },
      poster: { selector: 'video', output: '@poster' },
      action: { selector: 'form', output: '@action' },
    })).toEqual({
      html: '<p class="price" data-currency="EUR">€ 199.00</p>',
      md: `md(ul @ ${PAGE_URL})`,
      currency: 'EUR',
      absent: null,
      href: 'https://shop.example/reviews#top',
      src: 'https://shop.example/img/e.png',
      poster: 'https://shop.example/catalog/p.jpg',
      action: 'https://shop.example/catalog/buy',
    });
  });

  it('resolves against <base href> as a browser does', () => {
    const html = '<html><head><base href="/other/dir/"></head><body><a href="x">x</a></body></html>';
    expect(run(html, { a: { selector: 'a', output: '@href' } })).toEqual({ a: 'https://shop.example/other/dir/x' });
  });

  it('gives lists in document order, [] for no match, and objects scoped to each match with fields', () => {
    expect(run(PRODUCT, {
      specs: { selector: 'li.spec', type: 'list', fields: { label: 'b', direct: ':scope > b', none: 'i' } },
      texts: { selector: 'li b', type: 'list' },
      nothing: { selector: 'table', type: 'list' },
      first: { selector: 'ul', fields: { item: 'li' } },
      gone: { selector: 'table', fields: { item: 'li' } },
    })).toEqual({
      specs: [
        { label: 'Pressure', direct: 'Pressure', none: null },
        { label: 'Tank', direct: 'Tank', none: null },
      ],
      texts: ['Pressure', 'Tank'],
      nothing: [],
      first: { item: 'Pressure 15 bar' },
      gone: null,
    });
  });

  it('gives an object with fields whatever output stands beside them (8.2 allows the four keys together)', () => {
    expect(run(PRODUCT, {
      text: { selector: 'li.spec', type: 'list', output: 'text', fields: { label: 'b' } },
      html: { selector: 'ul', output: 'html', fields: { item: 'li' } },
    })).toEqual({ text: [{ label: 'Pressure' }, { label: 'Tank' }], html: { item: 'Pressure 15 bar' } });
  });

  it('searches fields among the match\'s descendants only', () => {
    const html = '<body><h2>Outside</h2><div class="c"><h2>A</h2></div><div class="c"><p>no heading</p></div></body>';
    expect(run(html, { cards: { selector: '.c', type: 'list', fields: { title: 'h2' } } })).toEqual({ cards: [{ title: 'A' }, { title: null }] });
  });

  it('cuts a list at 1,000 entries', () => {
    const html = `<body>${'<i>x</i>'.repeat(1_500)}</body>`;
    expect((run(html, { all: { selector: 'i', type: 'list' } }).all as string[]).length).toBe(1_000);
  });

  it('counts exactly the bytes JSON.stringify writes, and fails as soon as they pass the budget', () => {
    const value = { ['é"\u0001']: { selector: 'li', type: 'list', fields: { b: 'b', miss: 'i' } }, h: { selector: 'h1', output: 'html' } };
    const result = run(PRODUCT, value);
    const bytes = Buffer.byteLength(JSON.stringify(result));
    expect(run(PRODUCT, value, bytes)).toEqual(result);
    expect(() => run(PRODUCT, value, bytes - 1)).toThrow(ExtractTooLargeError);
  });

  it('never builds more than the budget from a hostile page: 200,000 matches, a 5 MB attribute, 50 rules', () => {
    const huge = 'x'.repeat(5_000_000);
    const html = `<body><div id="big" data-x="${huge}">${'<a href="/p">p</a>'.repeat(200_000)}</div></body>`;
    const manyLists = Object.fromEntries(Array.from({ length: 48 }, (_, i) => [`l${i}`, { selector: 'a', type: 'list', output: 'html' }]));
    const document = parseDocument(html);
    const budget = 2_000_000;
    const hostile = rules({ attr: { selector: '#big', output: '@data-x' }, ...manyLists, links: { selector: 'a', type: 'list', output: '@href' } });
    const error = (() => {
      try {
        evaluateRules(document, hostile, { pageUrl: PAGE_URL, maxBytes: budget, markdown });
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(ExtractTooLargeError);
    // Within budget: 48 lists of 1,000 entries each, never 200,000.
    const fit = evaluateRules(document, rules({ ...manyLists, links: { selector: 'a', type: 'list', output: '@href' } }), { pageUrl: PAGE_URL, maxBytes: 20_000_000, markdown });
    expect(Object.values(fit).every((list) => (list as unknown[]).length === 1_000)).toBe(true);
  });
});
