import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization, getOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';
import { jpegSize, runBlocks, sitePage } from '../harness/recipe-calls.js';

const env = testEnv();
const evaluate = (script: string) => ({ type: 'evaluate', details: { script } });

/** The JSON code blocks under a README heading: the request body, then the `data` of its answer. */
function readmeExample(heading: string): { body: unknown; data: Record<string, unknown> } {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf(`#### ${heading}`)).split(/\n#{2,4} /)[0];
  const blocks = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1]);
  if (blocks.length !== 2) throw new Error(`README: no example "${heading}"`);
  // The README's shop is the recipe site's /actions/ pages.
  return { body: JSON.parse(blocks[0].replaceAll('https://shop.example/', sitePage('/actions/'))), data: JSON.parse(blocks[1]) };
}

describe('POST /crawl: evaluate, bounds, price, README examples', () => {
  let org: { id: string; apiKey: string };
  const balance = async () => (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100_000 });
  });

  it('appends the JSON value of each evaluate, promises awaited, undefined as null', async () => {
    const result = await runBlocks(org.apiKey, '/actions/tabs', [
      evaluate('document.title'),
      evaluate('new Promise((resolve) => setTimeout(() => resolve({ a: [1, "b", null], n: 2.5 }), 100))'),
      evaluate('undefined'),
      evaluate('document.querySelectorAll("p").length'),
    ]);
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ fields: {}, pages: 1, evaluations: ['Tabs', { a: [1, 'b', null], n: 2.5 }, null, 1] });
  });

  it.each<[string, string, string]>([
    ['a script that throws', '(() => { throw new Error("boom") })()', 'Block 1 (evaluate): the script threw: Error: boom'],
    ['a rejected promise', 'Promise.reject(new TypeError("nope"))', 'Block 1 (evaluate): the script threw: TypeError: nope'],
    ['a syntax error', 'document.title)', 'Block 1 (evaluate): the script threw: SyntaxError: Unexpected token \')\''],
    ['a promise that never settles', 'new Promise(() => {})', 'Block 1 (evaluate): the script ran past 5 s'],
    ['a busy loop', '(() => { for (;;) {} })()', 'Block 1 (evaluate): the script ran past 5 s'],
    ['a value over 1 MiB', '"x".repeat(1024 * 1024 + 1)', 'Block 1 (evaluate): the value is over 1048576 bytes'],
    ['a function', '(() => () => 1)()', 'Block 1 (evaluate): the value is not JSON'],
    ['a BigInt', '10n', 'Block 1 (evaluate): the value is not JSON'],
    ['a toJSON that grows the value past 1 MiB', 'window.huge', 'Block 1 (evaluate): the value is over 1048576 bytes'],
    ['a JSON.stringify that returns an object', 'window.fake', 'Block 1 (evaluate): the value is not JSON'],
    ['a JSON.stringify that returns 6 MiB', '({ big: 1 })', 'Block 1 (evaluate): the value is over 1048576 bytes'],
  ])('fails %s with action_failed, billed (decisions 9)', async (_, script, error) => {
    const before = await balance();
    const started = Date.now();
    const result = await runBlocks(org.apiKey, '/actions/liar', [evaluate(script)]);
    expect([result.status, result.headers.get('x-error-code'), result.body.error, result.body.credits_charged]).toEqual([500, 'action_failed', error, before - (await balance())]);
    expect(result.body.credits_charged).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(7500);
  });

  it('still serves pages after a busy script was stopped', async () => {
    await runBlocks(org.apiKey, '/actions/liar', [evaluate('(() => { for (;;) {} })()')]);
    const result = await runBlocks(org.apiKey, '/actions/liar', [evaluate('1 + 1')]);
    expect(result.body.data.evaluations).toEqual([2]);
  });

  it.each<[string, object[], Record<string, string>, string]>([
    ['an unknown key', [{ type: 'press', details: { key: 'enter' } }], {}, 'blocks.1.details.key'],
    ['a type text over 1,000 characters', [{ type: 'type', details: { selector: 'input', text: 'x'.repeat(1001) } }], {}, 'blocks.1.details.text'],
    ['a wait of 10,001 ms', [{ type: 'wait', details: { milliseconds: 10_001 } }], {}, 'blocks.1.details.milliseconds'],
    ['a wait with both fields', [{ type: 'wait', details: { milliseconds: 10, selector: 'p' } }], {}, 'blocks.1.details.milliseconds'],
    ['waits over 60,000 ms in all', Array.from({ length: 7 }, () => ({ type: 'wait', details: { milliseconds: 10_000 } })), {}, 'blocks.7.details.milliseconds'],
    ['a scroll direction', [{ type: 'scroll', details: { direction: 'left' } }], {}, 'blocks.1.details.direction'],
    ['a bad click selector', [{ type: 'click', details: { selector: 'div >' } }], {}, 'blocks.1.details.selector'],
    ['a content format', [{ type: 'content', details: { format: 'pdf' } }], {}, 'blocks.1.details.format'],
    ['a screenshot flag as text', [{ type: 'screenshot', details: { full_page: 'true' } }], {}, 'blocks.1.details.full_page'],
    ['an evaluate over 10,000 characters', [evaluate('1'.repeat(10_001))], {}, 'blocks.1.details.script'],
    ['an evaluate with js=false', [evaluate('1')], { js: 'false' }, 'js'],
    ['optional as text', [{ type: 'click', optional: 'yes', details: { selector: 'a' } }], {}, 'blocks.1.optional'],
    ['51 blocks', Array.from({ length: 50 }, () => ({ type: 'scroll', details: {} })), {}, 'blocks'],
  ])('refuses %s with 422, nothing charged', async (_, blocks, query, key) => {
    const before = await balance();
    const result = await runBlocks(org.apiKey, '/actions/clicks', blocks, { query });
    expect(result.status).toBe(422);
    expect(Object.keys(result.body.errors)).toEqual([key]);
    expect(await balance()).toBe(before);
  });

  it('charges a flat 30 for 50 blocks', async () => {
    const before = await balance();
    const blocks = Array.from({ length: 49 }, (_, index) =>
      [{ type: 'click', details: { selector: 'button.count' } }, { type: 'scroll', details: { pixels: 10 } }, { type: 'wait', details: { milliseconds: 1 } }][index % 3],
    );
    // 50 blocks may outlast the synchronous wait on a busy machine: the 202 is charged the same (runBlocks collects it).
    const result = await runBlocks(org.apiKey, '/actions/clicks', blocks);
    expect(result.status).toBe(200);
    expect([result.headers.get('x-credits-charged'), result.body.credits_charged]).toEqual(['30', 30]);
    expect(await balance()).toBe(before - 30);
  });

  it('runs the README example: a search box filled and its results extracted', async () => {
    const example = readmeExample('Example: a search box filled and its results extracted');
    const result = await call('/crawl', { method: 'POST', key: org.apiKey, body: example.body });
    expect(result.status).toBe(200);
    expect(JSON.parse(JSON.stringify(result.body.data).replaceAll(sitePage('/actions/'), 'https://shop.example/'))).toEqual(example.data);
  });

  it('runs the README example: "load more" clicked until the list has 30 items, with a screenshot', async () => {
    const example = readmeExample('Example: "load more" clicked until the list has 30 items, with a screenshot');
    const result = await call('/crawl', { method: 'POST', key: org.apiKey, body: example.body });
    expect(result.status).toBe(200);
    const { screenshots, ...rest } = result.body.data;
    const { screenshots: shown, ...expected } = example.data;
    expect(rest).toEqual(expected);
    expect([screenshots.length, (shown as string[]).length]).toEqual([1, 1]);
    expect(jpegSize(screenshots[0]).height).toBeGreaterThan(30 * 120);
  });
});
