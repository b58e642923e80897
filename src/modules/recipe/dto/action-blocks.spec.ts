import { describe, expect, it } from '@jest/globals';
import { parseRecipeRequest } from '../recipe.operation.js';
import { parseRecipe } from './parse-recipe.js';
import { fieldErrorsOf } from '../../../../test/unit/support/field-errors.js';

const start = { type: 'start', details: { type: 'url', source: 'https://shop.example/' } };
const recipeOf = (...blocks: object[]) => ({ blocks: [start, ...blocks] });

const errorsOf = (body: unknown, query: Record<string, unknown> = {}) => fieldErrorsOf(() => parseRecipeRequest(query, body));

/** The 422 keys of one block given these details (the block is blocks.1). */
const keysOf = (type: string, details: unknown) => Object.keys(errorsOf(recipeOf({ type, details }))).sort();

describe('action blocks (decisions.md 8.3)', () => {
  it('accepts every action block with its details, and keeps optional', () => {
    const blocks = [
      { type: 'click', details: { selector: 'button.more', all: true }, optional: true },
      { type: 'type', details: { selector: 'input[name=q]', text: 'héllo\nworld' } },
      { type: 'press', details: { key: 'Enter' } },
      { type: 'wait', details: { milliseconds: 10_000 } },
      { type: 'wait', details: { selector: '.results li' } },
      { type: 'scroll', details: { direction: 'up', pixels: 300 } },
      { type: 'scroll', details: { selector: '#footer' } },
      { type: 'screenshot', details: { full_page: true } },
      { type: 'content', details: { format: 'text', main_content: false } },
      { type: 'evaluate', details: { script: 'document.title' }, optional: false },
    ];
    const parsed = parseRecipe(recipeOf(...blocks));
    expect(parsed.blocks.slice(1)).toEqual(blocks.map(({ optional, ...block }) => ({ ...block, id: null, ...(optional ? { optional } : {}) })));
  });

  it.each<[string, unknown, string[]]>([
    ['click', { selector: 'div >' }, ['blocks.1.details.selector']],
    ['click', { selector: 'a', all: 'yes' }, ['blocks.1.details.all']],
    ['click', { selector: 'a', button: 'right' }, ['blocks.1.details.button']],
    ['type', { selector: 'input' }, ['blocks.1.details.text']],
    ['type', { selector: 'input', text: 'x'.repeat(1001) }, ['blocks.1.details.text']],
    // Characters are code points, as GET /chat's prompt counts them: a variation selector is one.
    ['type', { selector: 'input', text: 'a\uFE0F'.repeat(999) }, ['blocks.1.details.text']],
    ['type', { text: 'hello' }, ['blocks.1.details.selector']],
    ['press', { key: 'enter' }, ['blocks.1.details.key']],
    ['press', { key: 'Control+a' }, ['blocks.1.details.key']],
    ['press', { key: '' }, ['blocks.1.details.key']],
    ['press', { key: 13 }, ['blocks.1.details.key']],
    ['wait', {}, ['blocks.1.details.milliseconds']],
    ['wait', { milliseconds: 500, selector: '.x' }, ['blocks.1.details.milliseconds']],
    ['wait', { milliseconds: 0 }, ['blocks.1.details.milliseconds']],
    ['wait', { milliseconds: 10_001 }, ['blocks.1.details.milliseconds']],
    ['wait', { milliseconds: 1.5 }, ['blocks.1.details.milliseconds']],
    ['wait', { milliseconds: '500' }, ['blocks.1.details.milliseconds']],
    ['wait', { selector: 'a[' }, ['blocks.1.details.selector']],
    ['scroll', { direction: 'left' }, ['blocks.1.details.direction']],
    ['scroll', { pixels: 0 }, ['blocks.1.details.pixels']],
    ['scroll', { selector: '#a', direction: 'down' }, ['blocks.1.details.selector']],
    ['screenshot', { full_page: 'true' }, ['blocks.1.details.full_page']],
    ['screenshot', { fullPage: true }, ['blocks.1.details.fullPage']],
    ['content', { format: 'pdf' }, ['blocks.1.details.format']],
    ['content', { main_content: 1 }, ['blocks.1.details.main_content']],
    ['evaluate', { script: '' }, ['blocks.1.details.script']],
    ['evaluate', { script: 'x'.repeat(10_001) }, ['blocks.1.details.script']],
    ['evaluate', { script: '"\u2764\uFE0F"'.repeat(2_501) }, ['blocks.1.details.script']],
    ['evaluate', { script: 42 }, ['blocks.1.details.script']],
  ])('refuses %s with details %j', (type, details, keys) => {
    expect(keysOf(type, details)).toEqual(keys);
  });

  it('refuses a non-boolean optional', () => {
    expect(Object.keys(errorsOf(recipeOf({ type: 'click', optional: 'true', details: { selector: 'a' } })))).toEqual(['blocks.1.optional']);
  });

  it('bounds the waits as written to 60,000 ms in all', () => {
    const waits = (count: number) => Array.from({ length: count }, () => ({ type: 'wait', details: { milliseconds: 10_000 } }));
    expect(() => parseRecipe(recipeOf(...waits(6), { type: 'wait', details: { selector: '.x' } }))).not.toThrow();
    expect(errorsOf(recipeOf(...waits(6), { type: 'wait', details: { milliseconds: 1 } }))).toEqual({
      'blocks.7.details.milliseconds': ['the wait blocks of a recipe add up to at most 60000 milliseconds'],
    });
  });

  it('takes at most 50 blocks, start included', () => {
    const click = { type: 'click', details: { selector: 'a' } };
    expect(() => parseRecipe(recipeOf(...Array.from({ length: 49 }, () => click)))).not.toThrow();
    expect(Object.keys(errorsOf(recipeOf(...Array.from({ length: 50 }, () => click))))).toEqual(['blocks']);
  });

  it('refuses evaluate with js=false on js, and only then', () => {
    const body = recipeOf({ type: 'click', details: { selector: 'a' } }, { type: 'evaluate', details: { script: '1' } });
    expect(errorsOf(body, { js: 'false' })).toEqual({ js: ['blocks.2 (evaluate) runs a script in the page: it needs js=true'] });
    expect(parseRecipeRequest({ js: 'true' }, body).recipe.blocks).toHaveLength(3);
    expect(parseRecipeRequest({ js: 'false' }, recipeOf({ type: 'click', details: { selector: 'a' } })).request.page.js).toBe(false);
  });
});
