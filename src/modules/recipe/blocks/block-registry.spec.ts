import { describe, expect, it } from '@jest/globals';
import AjvModule from 'ajv';
import { DOCUMENTED_BLOCK_TYPES } from '../../../common/openapi/recipe-schemas.js';
import { SCHEMAS } from '../../../common/openapi/schemas.js';
import { parseRecipe } from '../dto/parse-recipe.js';
import { BLOCK_TYPES } from './block-registry.js';

type Validate = ((data: unknown) => boolean) & { errors?: unknown };
const Ajv = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as new (options: object) => { compile(schema: object): Validate };
const validateBody = new Ajv({ strict: false, allErrors: true }).compile({ ...SCHEMAS.RecipeBody, components: { schemas: SCHEMAS } });

const start = { type: 'start', id: 'open', details: { type: 'url', source: 'https://shop.example/' } };
const VALID = [
  { type: 'extract', details: { selector: '.a', name: 'a', property: 'href' } },
  { type: 'paginate', details: { selector: 'a.next', startBlock: 'open' } },
  { type: 'click', optional: true, details: { selector: 'button', all: true } },
  { type: 'type', details: { selector: 'input', text: 'hello' } },
  { type: 'press', details: { key: 'Enter' } },
  { type: 'wait', details: { milliseconds: 500 } },
  { type: 'wait', details: { selector: '.results' } },
  { type: 'scroll', details: {} },
  { type: 'scroll', details: { direction: 'up', pixels: 200 } },
  { type: 'scroll', details: { selector: '#footer' } },
  { type: 'screenshot', details: { full_page: true } },
  { type: 'content', details: { format: 'text', main_content: false } },
  { type: 'evaluate', details: { script: 'document.title' } },
];

describe('the recipe body in the OpenAPI document', () => {
  it('documents every registered block type, in the registry\'s order', () => {
    expect(DOCUMENTED_BLOCK_TYPES).toEqual(BLOCK_TYPES);
  });

  it('accepts what the service accepts', () => {
    const body = { name: 'all', expectedOutput: 'list', blocks: [start, ...VALID] };
    expect(() => parseRecipe(body)).not.toThrow();
    expect([validateBody(body), validateBody.errors ?? null]).toEqual([true, null]);
  });

  it.each([
    { type: 'click', details: { selector: 'a', button: 'left' } },
    { type: 'wait', details: { milliseconds: 10, selector: 'p' } },
    { type: 'wait', details: { milliseconds: 10_001 } },
    { type: 'scroll', details: { selector: '#a', pixels: 10 } },
    { type: 'content', details: { format: 'pdf' } },
    { type: 'teleport', details: {} },
    { type: 'evaluate', details: { script: '' } },
  ])('refuses what the service refuses: %j', (block) => {
    const body = { blocks: [start, block] };
    expect(() => parseRecipe(body)).toThrow();
    expect(validateBody(body)).toBe(false);
  });
});
