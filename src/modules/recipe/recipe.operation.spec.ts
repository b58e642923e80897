import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../config/app-config.js';
import { loadPricing } from '../../config/json-files.js';
import { jobView } from '../../../test/factories/job-view.factory.js';
import { jobTimeoutMs, type JobView, type Operation } from '../jobs/operation.js';
import { parseRecipeRequest, RecipeOperation } from './recipe.operation.js';
import type { RecipeOptions } from './recipe.types.js';
import { fieldErrorsOf } from '../../../test/unit/support/field-errors.js';

const SOURCE = 'https://Shop.Example:8443/list?page=1';
const URL_CRAWLED = 'https://shop.example:8443/list?page=1';
const body = {
  expectedOutput: 'list',
  blocks: [
    { type: 'start', details: { type: 'url', source: SOURCE } },
    { type: 'extract', id: 'title', details: { selector: '.title', name: 'title' } },
    { type: 'paginate', details: { selector: 'a.next', startBlock: 'title' } },
  ],
};
const operation = new RecipeOperation({ pricing: loadPricing(), jobTimeoutMs: 90000 } as AppConfig);

const errorsOf = (query: Record<string, unknown>, recipe: unknown) => fieldErrorsOf(() => parseRecipeRequest(query, recipe));

const view = (options: RecipeOptions, overrides: Partial<JobView<RecipeOptions>> = {}) =>
  jobView('recipe', options, { output: { type: 'data', data: { items: [{ title: 'Apple' }], pages: 1 }, targetStatus: 200, finalUrl: SOURCE }, ...overrides });

describe('parseRecipeRequest', () => {
  it('takes page and route settings from the query, the URL from blocks[0], and ignores a url parameter', () => {
    const options = parseRecipeRequest({ url: 'https://ignored.example/', premium: 'true', js: 'false', country: 'DE', city: 'Berlin' }, body);
    expect(options.request).toEqual({
      url: URL_CRAWLED,
      aiQuery: '',
      page: {
        js: false,
        images: false,
        adblock: true,
        waitUntil: 'networkidle0',
        viewport: { width: 1920, height: 1080, deviceScaleFactor: 1, isMobile: false, isLandscape: false, hasTouch: false },
        userAgent: null,
      },
      route: { tier: 'premium', country: 'de', city: 'berlin' },
      content: { format: 'html', mainContent: null, includeSelectors: [], excludeSelectors: [], output: 'page' },
    });
    expect(options.recipe.blocks.map((block) => block.type)).toEqual(['start', 'extract', 'paginate']);
  });

  it('answers the query and body problems in one 422', () => {
    expect(Object.keys(errorsOf({ premium: 'yes', foo: '1' }, { blocks: [] })).sort()).toEqual(['blocks', 'foo', 'premium']);
    expect(Object.keys(errorsOf({ city: 'berlin' }, { premium: true, blocks: [] })).sort()).toEqual(['blocks', 'city', 'premium']);
    expect(errorsOf({ js: 'TRUE' }, body)).toEqual({ js: ['js must be true or false'] });
    expect(Object.keys(errorsOf({}, JSON.parse(`{"__proto__": 1, "blocks": ${JSON.stringify(body.blocks)}}`)))).toEqual(['__proto__']);
    expect(errorsOf({ mobile: 'true' }, body)).toEqual({ mobile: ['mobile requires viewport'] });
    expect(errorsOf({ ai_query: 'what is on sale?' }, body)).toEqual({ ai_query: ['ai_query is not available on POST /crawl'] });
  });
});

describe('RecipeOperation', () => {
  const options = parseRecipeRequest({ premium: 'true', country: 'de', city: 'berlin' }, body);

  it('costs the flat recipe price whatever the pool, geography or block count', () => {
    const plain = parseRecipeRequest({}, { blocks: [body.blocks[0]] });
    const generic: Operation<RecipeOptions> = operation;
    expect([generic.price(options), generic.price(plain), operation.kind, operation.dailyLimited]).toEqual([30, 30, 'recipe', false]);
    expect([operation.target(options), operation.target(plain), jobTimeoutMs(operation, { jobTimeoutMs: 1234 } as AppConfig)]).toEqual([
      URL_CRAWLED,
      URL_CRAWLED,
      1234,
    ]);
    expect(operation.route(options)).toEqual({ tier: 'premium', country: 'de', city: 'berlin' });
  });

  it('writes the crawl envelope of a metered answer, without the city (the spec echoes it on GET /crawl only)', () => {
    expect(operation.envelope(view(options))).toEqual({
      url: URL_CRAWLED,
      domain: 'shop.example',
      premium: true,
      js: true,
      ai_query: '',
      data: { items: [{ title: 'Apple' }], pages: 1 },
      credits_charged: 30,
      credits_remaining: 970,
      job_id: 'o7hq2k_01JD3W0Z6F4X3N8V5Q2R9T1M7C',
      status: 'done',
      position: null,
      error: null,
      debug: null,
    });
  });

  it('writes content, metadata and links beside the data of a longer recipe with output=json (decisions.md 8.1)', () => {
    const json = parseRecipeRequest({ output: 'json', format: 'markdown' }, body);
    const page = { content: '# Apple', metadata: { title: 'Apple' }, links: [{ url: 'https://shop.example/a', text: 'a' }] };
    const data = { items: [{ title: 'Apple' }], pages: 1 };
    const envelope = operation.envelope(view(json, { output: { type: 'data', data: { data, page }, targetStatus: 200, finalUrl: SOURCE } }));
    expect(envelope).toEqual(expect.objectContaining({ data, ...page }));
    expect(operation.envelope(view(parseRecipeRequest({ format: 'markdown' }, body)))).not.toHaveProperty('content');
  });

  it('leaves the credits out of a collected job, and shows a queued or failed one', () => {
    const collected = { job: { id: 'a_b', status: 'queued', kind: 'recipe' }, output: null, position: 2, billing: null, collected: true } as const;
    const queued = operation.envelope(view(options, collected));
    expect(queued).toEqual(expect.objectContaining({ status: 'queued', position: 2, data: {}, error: null }));
    expect(queued).not.toHaveProperty('credits_charged');
    expect(queued).not.toHaveProperty('credits_remaining');
    const failed = operation.envelope(
      view(options, { output: null, error: { code: 'navigation_timeout', message: 'timed out' }, billing: { charged: 0, remaining: 1000 } }),
    );
    expect(failed).toEqual(expect.objectContaining({ error: 'timed out', credits_charged: 0, credits_remaining: 1000, data: {} }));
  });
});
