import { describe, expect, it } from '@jest/globals';
import { parseRecipe } from './parse-recipe.js';
import { isCssSelector } from './recipe-validators.js';
import { fieldErrorsOf } from '../../../../test/unit/support/field-errors.js';

const start = { type: 'start', id: 'start', details: { type: 'url', source: 'https://shop.example/list?page=1' } };
const extract = { type: 'extract', id: 'title', details: { selector: '.item .title', name: 'title' } };
const paginate = { type: 'paginate', details: { selector: 'a.next', startBlock: 'title' } };

const errorsOf = (body: unknown) => fieldErrorsOf(() => parseRecipe(body));

const keysOf = (body: unknown) => Object.keys(errorsOf(body)).sort();

describe('parseRecipe', () => {
  it('returns the plain recipe of a valid body', () => {
    const body = { name: 'shop', expectedOutput: 'list', blocks: [start, { ...extract, details: { ...extract.details, property: 'innerText' } }, paginate] };
    expect(parseRecipe(body)).toEqual({
      name: 'shop',
      expectedOutput: 'list',
      blocks: [
        { type: 'start', id: 'start', details: { type: 'url', source: 'https://shop.example/list?page=1' } },
        { type: 'extract', id: 'title', details: { selector: '.item .title', name: 'title', property: 'innerText' } },
        { type: 'paginate', id: null, details: { selector: 'a.next', startBlock: 'title' } },
      ],
    });
    expect(parseRecipe({ blocks: [{ type: 'start', details: start.details }] })).toEqual({
      name: null,
      expectedOutput: null,
      blocks: [{ type: 'start', id: null, details: { type: 'url', source: 'https://shop.example/list?page=1' } }],
    });
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, 'recipe', [start], 3]) expect(keysOf(body)).toEqual(['body']);
  });

  it('requires blocks, as a non-empty array', () => {
    expect(errorsOf({})).toEqual({ blocks: ['blocks is required'] });
    expect(errorsOf({ blocks: [] })).toEqual({ blocks: ['blocks must hold at least one block'] });
    expect(errorsOf({ blocks: 'start' })).toEqual({ blocks: ['blocks must be an array'] });
    expect(keysOf({ blocks: [start, ...Array.from({ length: 50 }, () => extract)] })).toEqual(['blocks']);
  });

  it('refuses body fields of the query string and unknown ones', () => {
    expect(errorsOf({ premium: true, blocks: [start] })).toEqual({ premium: ['premium belongs in the query string, not in the recipe'] });
    expect(keysOf({ url: 'https://a.example/', js: false, wait_until: 'load', blocks: [start] })).toEqual(['js', 'url', 'wait_until']);
    expect(keysOf({ selector: 'a', blocks: [start] })).toEqual(['selector']);
    expect(keysOf(JSON.parse(`{"__proto__": {"x": 1}, "blocks": ${JSON.stringify([start])}}`))).toEqual(['__proto__']);
  });

  it('checks the types of name, expectedOutput, id and details', () => {
    expect(keysOf({ name: 5, expectedOutput: ['list'], blocks: [start] })).toEqual(['expectedOutput', 'name']);
    expect(keysOf({ blocks: [start, { ...extract, id: 7 }] })).toEqual(['blocks.1.id']);
    expect(keysOf({ blocks: [start, { ...extract, details: 'h1' }] })).toEqual(['blocks.1.details']);
    expect(keysOf({ blocks: [start, { ...extract, details: { selector: 'h1', name: 3, property: 4 } }] })).toEqual([
      'blocks.1.details.name',
      'blocks.1.details.property',
    ]);
    expect(keysOf({ blocks: [start, 'extract'] })).toEqual(['blocks.1']);
  });

  it('requires type and details on every block, and nothing else', () => {
    expect(errorsOf({ blocks: [start, { details: extract.details }] })).toEqual({ 'blocks.1.type': ['type is required'] });
    expect(errorsOf({ blocks: [start, { type: 'extract' }] })).toEqual({ 'blocks.1.details': ['details is required'] });
    expect(keysOf({ blocks: [start, { ...extract, color: 'red' }] })).toEqual(['blocks.1.color']);
    expect(keysOf({ blocks: [start, { ...extract, details: { ...extract.details, extra: 1 } }] })).toEqual(['blocks.1.details.extra']);
  });

  it('refuses an unsupported block type, naming blocks.N.type', () => {
    expect(errorsOf({ blocks: [start, { type: 'teleport', details: {} }] })).toEqual({
      'blocks.1.type': ['type must be a supported block type: start, extract, paginate, click, type, press, wait, scroll, screenshot, content, evaluate'],
    });
  });

  it('wants exactly one start block, first', () => {
    expect(keysOf({ blocks: [extract, start] })).toEqual(['blocks.0.type', 'blocks.1.type']);
    expect(errorsOf({ blocks: [start, { ...start, id: 'again' }] })).toEqual({ 'blocks.1.type': ['a recipe has one start block, and it comes first'] });
    expect(keysOf({ blocks: [extract] })).toEqual(['blocks.0.type']);
  });

  it('wants start details {type: url, source: an http(s) URL with a host}', () => {
    const withDetails = (details: object) => ({ blocks: [{ type: 'start', details }] });
    for (const source of ['ftp://files.example/x', 'javascript:alert(1)', 'https://user:secret@a.example/', 'shop.example/list', 'http://', '', 42]) {
      expect(keysOf(withDetails({ type: 'url', source }))).toEqual(['blocks.0.details.source']);
    }
    expect(keysOf(withDetails({ type: 'url' }))).toEqual(['blocks.0.details.source']);
    expect(keysOf(withDetails({ type: 'html', source: 'https://a.example/' }))).toEqual(['blocks.0.details.type']);
    expect(parseRecipe(withDetails({ type: 'url', source: 'http://127.0.0.1:8080/a' })).blocks).toHaveLength(1);
  });

  it('refuses a paginate whose startBlock names no block, and duplicate ids', () => {
    expect(errorsOf({ blocks: [start, extract, { ...paginate, details: { selector: 'a.next', startBlock: 'items' } }] })).toEqual({
      'blocks.2.details.startBlock': ['startBlock "items" names no block of this recipe'],
    });
    expect(keysOf({ blocks: [start, extract, { ...paginate, details: { selector: 'a.next' } }] })).toEqual(['blocks.2.details.startBlock']);
    // It runs the recipe again from an earlier block: not from itself, nor from one after it.
    const later = { ...extract, id: 'later', details: { selector: 'p', name: 'later' } };
    expect(errorsOf({ blocks: [start, extract, { ...paginate, id: 'pg', details: { selector: 'a.next', startBlock: 'later' } }, later] })).toEqual({
      'blocks.2.details.startBlock': ['startBlock "later" names no block before this paginate block'],
    });
    expect(keysOf({ blocks: [start, extract, { ...paginate, id: 'pg', details: { selector: 'a.next', startBlock: 'pg' } }] })).toEqual(['blocks.2.details.startBlock']);
    expect(keysOf({ blocks: [start, extract, { ...extract, details: { selector: 'p', name: 'p' } }, paginate] })).toEqual(['blocks.2.id']);
  });

  it('refuses invalid CSS selectors in extract and paginate', () => {
    for (const selector of ['div >', '> a', 'a[', 'a,', '..item', '#5', '.-1x', 'a:not(', '', '   ', 12, 'p:first', 'p:nope', 'p:nth-child(x)', 'p:contains(x)']) {
      expect(keysOf({ blocks: [start, { ...extract, details: { selector, name: 'x' } }] })).toEqual(['blocks.1.details.selector']);
      expect(keysOf({ blocks: [start, extract, { ...paginate, details: { selector, startBlock: 'title' } }] })).toEqual([
        'blocks.2.details.selector',
      ]);
    }
  });

  it('refuses null for a field of a block\'s details (it would mean left out, and reach the page as null)', () => {
    const wait = (details: object) => ({ blocks: [start, { type: 'wait', details }] });
    expect(errorsOf(wait({ selector: null }))).toEqual({ 'blocks.1.details.selector': ['selector must not be null: leave it out for its default'] });
    expect(keysOf(wait({ milliseconds: null }))).toEqual(['blocks.1.details.milliseconds']);
    expect(keysOf({ blocks: [start, { type: 'scroll', details: { selector: null, pixels: null } }] })).toEqual(['blocks.1.details.pixels', 'blocks.1.details.selector']);
    // The block's own id may be null: a parsed recipe's form for "no id".
    expect(parseRecipe({ blocks: [start, { ...extract, id: null }] }).blocks[1]).toMatchObject({ id: null });
    expect(parseRecipe(wait({ milliseconds: 5 })).blocks[1]).toEqual({ type: 'wait', id: null, details: { milliseconds: 5 } });
  });

  it('reports every problem at once', () => {
    const body = { js: true, blocks: [extract, { type: 'start', details: { type: 'url', source: 'ftp://x' } }, { ...paginate, details: { selector: 'a[', startBlock: 'nope' } }] };
    expect(keysOf(body)).toEqual(['blocks.0.type', 'blocks.1.details.source', 'blocks.1.type', 'blocks.2.details.selector', 'js']);
  });
});

describe('isCssSelector', () => {
  it('accepts what querySelectorAll accepts', () => {
    for (const selector of [
      'a[accesskey="N"]',
      '.related a[title="next"]',
      'ul > li:nth-child(2n+1)',
      'div:has(> a)',
      'h1, h2',
      '*',
      '#main .-x ._y',
      'a[href$=".html"]',
      "a[title='v1.2#x']",
      '.caf\\e9',
    ]) {
      expect([selector, isCssSelector(selector)]).toEqual([selector, true]);
    }
  });
});
