import { beforeAll, describe, expect, it } from '@jest/globals';
import { SCHEMA_SYSTEM_PROMPT } from '../../src/infra/llm/schema-answer.js';
import { createOrganization, getOrganization, ledger } from '../factories/organization.factory.js';
import type { TestOrganization } from '../factories/organization.factory.js';
import type { FakeLlmScript, RecordedLlmRequest } from '../fixtures/fake-llm.server.js';
import { testEnv } from '../harness/env.js';
import { call, settle } from '../harness/http.js';
import type { CallResult } from '../harness/http.js';

const env = testEnv();
const base = env.target.url;
const PRODUCT = `${base}/extract/product`;
const llmControl = env.llm.url.replace(/\/v1$/, '');

type Message = { role: string; content: string };
type AskBody = { model: string; messages: Message[]; response_format?: unknown };

async function script(value: FakeLlmScript): Promise<void> {
  const response = await fetch(`${llmControl}/__script`, { method: 'POST', body: JSON.stringify(value) });
  expect(response.status).toBe(200);
}

/** The asks the fake model received whose body carries `tag`, in order. */
async function asksWith(tag: string): Promise<AskBody[]> {
  const all = (await (await fetch(`${llmControl}/__requests`)).json()) as RecordedLlmRequest[];
  return all.map((request) => request.body as AskBody).filter((body) => JSON.stringify(body).includes(tag));
}

async function balance(org: TestOrganization): Promise<number> {
  return (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
}

/** A crawl that may outlast SYNC_WAIT_MS on a loaded machine: the collected answer says the same. */
async function crawl(org: TestOrganization, query: Record<string, string>): Promise<CallResult> {
  const answer = await call('/crawl', { key: org.apiKey, query });
  return settle(answer, org.apiKey);
}

const PRODUCT_RULES = {
  name: 'h1.name',
  price: { selector: '.price' },
  currency: { selector: '.price', output: '@data-currency' },
  photo: { selector: 'img.photo', output: '@src' },
  description: { selector: '.description', output: 'markdown' },
  description_html: { selector: '.description p', output: 'html' },
  buy: { selector: 'form.buy', output: '@action' },
  poster: { selector: 'video.demo', output: '@poster' },
  discount: '.discount',
  specs: { selector: '.specs li', type: 'list', fields: { label: '.label', value: '.value' } },
  reviews: { selector: '.reviews', fields: { items: { selector: '.review', type: 'list', fields: { title: 'h3', stars: '.stars', author: { selector: '.author', output: '@href' } } } } },
  nav: { selector: 'nav a', type: 'list', output: '@href' },
  tables: { selector: 'table tr', type: 'list' },
  stock: '#stock',
};

const EXTRACTED = {
  name: 'Espresso machine\n      EM-100',
  price: '€ 199.00',
  currency: 'EUR',
  photo: `${base}/extract/img/em-100.png`,
  description: `A **15 bar** pump and a [grind guide](${base}/guides/espresso#grind).`,
  description_html: '<p>A <strong>15 bar</strong> pump and a <a href="/guides/espresso#grind">grind guide</a>.</p>',
  buy: `${base}/extract/cart?add=EM-100`,
  poster: `${base}/media/poster.jpg`,
  discount: null,
  specs: [{ label: 'Pressure', value: '15 bar' }, { label: 'Tank', value: '1.2 l' }, { label: 'Weight', value: null }],
  reviews: { items: [{ title: 'Great', stars: '5', author: `${base}/u/ana` }, { title: 'Loud', stars: '3', author: 'https://people.example/bo' }] },
  nav: [`${base}/`, `${base}/extract/`],
  tables: [],
  stock: '',
};

const SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, price: { type: 'number' }, currency: { type: 'string', enum: ['EUR', 'USD'] } },
  required: ['name', 'price', 'currency'],
  additionalProperties: false,
};
const JSON_SCHEMA_FORMAT = { type: 'json_schema', json_schema: { name: 'extraction', schema: SCHEMA, strict: true } };

describe('GET /crawl extract (decisions.md 8.2)', () => {
  let org: TestOrganization;

  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 10_000 });
  });

  it('answers items, lists, every output kind, absolute URLs and nested fields in data.extracted, for 1 credit without JS', async () => {
    const result = await crawl(org, { url: PRODUCT, js: 'false', extract: JSON.stringify(PRODUCT_RULES) });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(result.headers.get('x-credits-charged')).toBe('1');
    expect(result.body).toEqual({
      url: PRODUCT, domain: '127.0.0.1', premium: false, js: false, ai_query: '', city: '',
      data: { extracted: EXTRACTED },
      credits_charged: 1, credits_remaining: await balance(org),
      job_id: result.headers.get('x-job-id'), status: 'done', position: null, error: null, debug: null,
    });
  });

  it('reads the whole rendered document with js=true (5 credits) whatever the content options, beside the answer to ai_query', async () => {
    const result = await crawl(org, {
      url: PRODUCT, extract: '{"stock": "#stock", "name": "h1"}', ai_query: 'Is it in stock?',
      format: 'text', main_content: 'true', include_selectors: '.price', output: 'json',
    });
    expect(result.status).toBe(200);
    expect(result.body.ai_query).toBe('Is it in stock?');
    expect(result.body.content).toBe('€ 199.00');
    expect(result.body.data).toEqual({
      answer: expect.stringMatching(/^Answer to "Is it in stock\?" from page containing \d+ chars: /),
      extracted: { stock: 'In stock: 7', name: 'Espresso machine\n      EM-100' },
    });
    expect(result.body.credits_charged).toBe(10);
  });

  // On the 5,000-link page: the hostile page's 200,000 take longer than the job's limit to load on a busy machine
  // (bench/extract-bounds.ts measures them); the cut is the same.
  it('cuts a list at 1,000 entries on a page of 5,000 matches', async () => {
    const result = await crawl(org, { url: `${base}/extract/links`, js: 'false', extract: '{"links": {"selector": "a", "type": "list", "output": "@href"}, "first": "a"}' });
    expect(result.status).toBe(200);
    const links = result.body.data.extracted.links as string[];
    expect([links.length, links[0], links[999], result.body.data.extracted.first]).toEqual([1_000, `${base}/p/0`, `${base}/p/999`, '0']);
  });

  it('fails with page_too_large, refunded during the synchronous wait, when the extracted data would pass MAX_PAGE_BYTES', async () => {
    const before = await balance(org);
    const five = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((name) => [name, { selector: '#big', output: '@data-x' }]));
    const first = await call('/crawl', { key: org.apiKey, query: { url: `${base}/extract/big`, js: 'false', extract: JSON.stringify(five) } });
    // On a loaded machine the job may outlast SYNC_WAIT_MS: the collected answer says the same.
    const result = await settle(first, org.apiKey);
    expect(result.status).toBe(500);
    expect(result.headers.get('x-error-code')).toBe('page_too_large');
    expect(result.body).toMatchObject({ status: 'failed', error: 'The page or its extracts exceed 20971520 bytes, the most an operation returns.', data: {} });
    // A failure met during the synchronous wait is refunded; a collected failed job keeps its charge (decisions.md section 2).
    const charged = first.status === 202 ? 1 : 0;
    expect(first.headers.get('x-credits-charged')).toBe(String(charged));
    expect(await balance(org)).toBe(before - charged);
  });

  it("stops rules the selector engine runs in cubic time at the task's 10 s budget, in a thread: other organizations' jobs go on meanwhile", async () => {
    const other = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    const started = Date.now();
    // 5,000 sibling links: read at once, so the time is the rules' alone, whatever the machine's load.
    const slow = call('/crawl', { key: org.apiKey, query: { url: `${base}/extract/links`, js: 'false', extract: '{"x": {"selector": "a:has(~ a ~ a)", "type": "list"}}' } });
    // While the rules run, the same worker answers another organization's page at once.
    const quick = await call('/crawl', { key: other.apiKey, query: { url: PRODUCT, js: 'false', extract: '{"name": "h1"}' } });
    expect([quick.status, quick.body.data]).toEqual([200, { extracted: { name: 'Espresso machine\n      EM-100' } }]);
    const first = await slow;
    const failed = await settle(first, org.apiKey);
    expect(failed.status).toBe(500);
    expect(failed.headers.get('x-error-code')).toBe('page_too_large');
    expect(failed.body).toMatchObject({ status: 'failed', error: "The page's content took more than 10 s to work out; the most a page of its size may take." });
    // Before the job's 20 s deadline (which would have been navigation_timeout).
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe('GET /crawl refuses bad extract and ai_schema with 422, charging nothing (decisions.md 8.2)', () => {
  let org: TestOrganization;
  const nested = (depth: number): object => (depth === 1 ? { a: 'p' } : { a: { selector: 'div', fields: nested(depth - 1) } });

  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
  });

  it.each([
    ['bad JSON', '{"name": ', 'extract must be valid JSON'],
    ['not an object', '["h1"]', 'extract must be a JSON object mapping names to rules'],
    ['a rule without selector', '{"name": {"output": "html"}}', 'rule "name" has no "selector"'],
    ['an unknown key', '{"name": {"selector": "h1", "attr": "id"}}', 'rule "name" has an unknown key "attr" (allowed: selector, type, output, fields)'],
    ['an unknown type', '{"name": {"selector": "h1", "type": "all"}}', 'rule "name" has an unknown type "all" (item or list)'],
    ['an unknown output', '{"name": {"selector": "h1", "output": "json"}}', 'rule "name" has an unknown output "json" (text, html, markdown or @<attribute>)'],
    ['an unparsable selector', '{"name": "h1[class"}', 'rule "name": "h1[class" is not a CSS selector that can be parsed'],
    // Selectors css-what and linkedom take and a browser refuses (a dangling combinator, an unknown pseudo-class).
    ['a dangling combinator', '{"name": "p >"}', 'rule "name": "p >" is not a CSS selector that can be parsed'],
    ['an unknown pseudo-class', '{"name": "p:first"}', 'rule "name": "p:first" is not a CSS selector that can be parsed'],
    ['depth 4', JSON.stringify(nested(4)), 'rule "a.a.a.a" is nested 4 deep; at most 3 levels'],
    ['51 rules', JSON.stringify(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`r${i}`, 'p']))), 'extract may hold at most 50 rules, nested ones counted'],
    ['10,001 characters', `{"a": "p${' '.repeat(9_991)}"}`, 'extract must be at most 10000 characters'],
  ])('extract: %s', async (_case, extract, message) => {
    const result = await call('/crawl', { key: org.apiKey, query: { url: PRODUCT, extract } });
    expect([result.status, result.body]).toEqual([422, { message: `extract: ${message}`, errors: { extract: [message] } }]);
  });

  it.each([
    ['bad JSON', '{"type": "object"', 'ai_schema must be valid JSON'],
    ['a root that is not an object', '{"type": "array", "items": {"type": "string"}}', 'ai_schema must be a JSON Schema whose root is {"type": "object"}'],
    ['more than 10,000 characters', JSON.stringify({ type: 'object', description: 'x'.repeat(10_000) }), 'ai_schema must be at most 10000 characters'],
  ])('ai_schema: %s', async (_case, schema, message) => {
    const result = await call('/crawl', { key: org.apiKey, query: { url: PRODUCT, ai_schema: schema } });
    expect([result.status, result.body]).toEqual([422, { message: `ai_schema: ${message}`, errors: { ai_schema: [message] } }]);
  });

  it('ai_schema: a schema that does not compile', async () => {
    const result = await call('/crawl', { key: org.apiKey, query: { url: PRODUCT, ai_schema: '{"type": "object", "properties": {"a": {"$ref": "#/$defs/none"}}}' } });
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual({ ai_schema: [expect.stringMatching(/^ai_schema does not compile as a JSON Schema \(draft 2020-12\): can't resolve reference #\/\$defs\/none/)] });
  });

  it('names every bad parameter in one answer', async () => {
    const result = await call('/crawl', { key: org.apiKey, query: { url: PRODUCT, extract: '{', ai_schema: '[]', viewport: 'big' } });
    expect(result.status).toBe(422);
    expect(Object.keys(result.body.errors).sort()).toEqual(['ai_schema', 'extract', 'viewport']);
  });

  it('charged nothing for any of them', async () => {
    expect(await balance(org)).toBe(100);
    expect((await ledger(env.baseUrl, env.adminToken, org.id)).entries).toHaveLength(1);
  });
});

describe('GET /crawl ai_schema (decisions.md 8.2)', () => {
  let org: TestOrganization;

  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 10_000 });
  });

  it('answers a conforming first answer in data.json, no answer, one ask with json_schema strict, +5 once', async () => {
    await script({ match: '[e2e-first]', answers: ['{"name": "Espresso machine EM-100", "price": 199, "currency": "EUR"}'] });
    const before = await balance(org);
    const result = await crawl(org, { url: PRODUCT, js: 'false', ai_schema: JSON.stringify(SCHEMA), ai_query: 'The product [e2e-first]' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ ai_query: 'The product [e2e-first]', data: { json: { name: 'Espresso machine EM-100', price: 199, currency: 'EUR' } }, credits_charged: 6 });
    expect(Object.keys(result.body.data)).toEqual(['json']);
    expect(await balance(org)).toBe(before - 6);
    const asks = await asksWith('[e2e-first]');
    expect(asks).toHaveLength(1);
    expect(asks[0]).toMatchObject({ model: 'fake-model', response_format: JSON_SCHEMA_FORMAT });
    expect(asks[0].messages.map((message) => message.role)).toEqual(['system', 'user', 'user']);
    expect(asks[0].messages[0].content).toBe(SCHEMA_SYSTEM_PROMPT);
    expect(asks[0].messages[1].content).toMatch(/^<page>\n[\s\S]*Espresso machine[\s\S]*\n<\/page>$/);
    expect(asks[0].messages[2].content).toBe('The product [e2e-first]');
  });

  it('asks the default question without ai_query, and prices a premium rendered page 25 + 5', async () => {
    const schema = { ...SCHEMA, description: 'e2e-default-question' };
    await script({ match: 'e2e-default-question', answers: ['{"name": "EM-100", "price": 199, "currency": "EUR"}'] });
    const result = await crawl(org, { url: PRODUCT, premium: 'true', ai_schema: JSON.stringify(schema) });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ ai_query: '', data: { json: { name: 'EM-100', price: 199, currency: 'EUR' } }, credits_charged: 30 });
    const asks = await asksWith('e2e-default-question');
    expect(asks[0].messages[2].content).toBe('Extract the data that the schema describes from the page');
  });

  it('asks a second time with the first messages, the answer and each validation error, and answers the repaired JSON', async () => {
    const wrong = '{"name": "Espresso machine", "price": "199.00", "currency": "€"}';
    await script({ match: '[e2e-repair]', answers: [wrong, '{"name": "Espresso machine", "price": 199, "currency": "EUR"}'] });
    const result = await crawl(org, { url: PRODUCT, js: 'false', ai_schema: JSON.stringify(SCHEMA), ai_query: 'The product [e2e-repair]' });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ json: { name: 'Espresso machine', price: 199, currency: 'EUR' } });
    expect(result.body.credits_charged).toBe(6);
    const [first, second, ...more] = await asksWith('[e2e-repair]');
    expect(more).toEqual([]);
    expect(second).toEqual({
      model: 'fake-model',
      response_format: JSON_SCHEMA_FORMAT,
      messages: [
        ...first.messages,
        { role: 'assistant', content: wrong },
        {
          role: 'user',
          content: [
            'Your answer does not conform to the JSON Schema. Validation errors:',
            '- /price: must be number',
            '- /currency: must be equal to one of the allowed values',
            'Answer again with JSON only that conforms to the schema.',
          ].join('\n'),
        },
      ],
    });
  });

  it('fails with ai_invalid_output, billed (decisions 9), when the second answer does not conform either', async () => {
    await script({ match: '[e2e-invalid]', answers: ['{"name": "Espresso machine"}', 'not JSON at all', '{"name": "x", "price": 1, "currency": "EUR"}'] });
    const before = await balance(org);
    const result = await call('/crawl', { key: org.apiKey, query: { url: PRODUCT, js: 'false', ai_schema: JSON.stringify(SCHEMA), ai_query: '[e2e-invalid]' } });
    expect(result.status).toBe(500);
    expect(result.headers.get('x-error-code')).toBe('ai_invalid_output');
    expect([result.headers.get('x-credits-charged'), result.headers.get('x-credits-remaining')]).toEqual(['6', String(before - 6)]);
    // The job's one ledger entry is its charge: no refund follows.
    const entries = (await ledger(env.baseUrl, env.adminToken, org.id)).entries.filter((entry) => entry.job_id === result.body.job_id);
    expect(entries.map((entry) => entry.amount)).toEqual([-6]);
    expect(result.body).toMatchObject({
      status: 'failed', credits_charged: 6, credits_remaining: before - 6, data: {},
      error: expect.stringMatching(/^The model's answer did not conform to ai_schema, also when asked again: \(root\): is not valid JSON \(.+\)\.$/),
    });
    expect(await balance(org)).toBe(before - 6);
    expect(await asksWith('[e2e-invalid]')).toHaveLength(2);
  });

  it('asks with json_object and the schema in the prompt when the server refuses json_schema with a 400 naming response_format', async () => {
    await script({ match: '[e2e-fallback]', refuse_json_schema: true, answers: ['{"name": "Espresso machine", "price": 199, "currency": "EUR"}'] });
    const result = await crawl(org, { url: PRODUCT, js: 'false', ai_schema: JSON.stringify(SCHEMA), ai_query: '[e2e-fallback]' });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ json: { name: 'Espresso machine', price: 199, currency: 'EUR' } });
    expect(result.body.credits_charged).toBe(6);
    const [refused, fallback, ...more] = await asksWith('[e2e-fallback]');
    expect(more).toEqual([]);
    expect(refused.response_format).toEqual(JSON_SCHEMA_FORMAT);
    expect(fallback).toEqual({
      model: 'fake-model',
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: `${SCHEMA_SYSTEM_PROMPT}\nThe JSON Schema (draft 2020-12) the answer must conform to:\n${JSON.stringify(SCHEMA)}` },
        ...refused.messages.slice(1),
      ],
    });
  });

  it('answers extract and ai_schema together: data holds extracted and json, +5 once', async () => {
    await script({ match: '[e2e-both]', answers: ['{"name": "Espresso machine", "price": 199, "currency": "EUR"}'] });
    const result = await crawl(org, { url: PRODUCT, js: 'false', extract: '{"name": "h1", "stars": {"selector": ".stars", "type": "list"}}', ai_schema: JSON.stringify(SCHEMA), ai_query: '[e2e-both]' });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({
      extracted: { name: 'Espresso machine\n      EM-100', stars: ['5', '3'] },
      json: { name: 'Espresso machine', price: 199, currency: 'EUR' },
    });
    expect(result.body.credits_charged).toBe(6);
  });
});
