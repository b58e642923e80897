import { beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization, getOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call, collect } from '../harness/http.js';

const env = testEnv();
const site = (path: string) => `${env.recipeSite.url}${path}`;
const listRecipe = (source: string) => ({
  name: 'products',
  expectedOutput: 'list',
  blocks: [
    { type: 'start', details: { type: 'url', source } },
    { type: 'extract', id: 'title', details: { selector: '.item .title', name: 'title' } },
    { type: 'extract', details: { selector: '.item .price', name: 'price' } },
    { type: 'paginate', details: { selector: 'a.next', startBlock: 'title' } },
  ],
});

describe('POST /crawl (recipes)', () => {
  let org: { id: string; apiKey: string };
  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 1000 });
  });

  it('runs a list recipe over three paginated pages, every item in order, flat 30', async () => {
    const result = await call('/crawl', { method: 'POST', key: org.apiKey, query: { premium: 'true' }, body: listRecipe(site('/list?page=1')) });
    expect(result.status).toBe(200);
    expect(result.headers.get('x-credits-charged')).toBe('30');
    expect(result.body.data).toEqual({
      items: [
        { title: 'Apple', price: '$1.00' }, { title: 'Banana', price: '$2.00' }, { title: 'Cherry', price: '$3.00' },
        { title: 'Date', price: '$4.00' }, { title: 'Elderberry', price: null },
        { title: 'Fig', price: '$6.00' }, { title: 'Grape', price: '$7.00' },
      ],
      pages: 3,
    });
    expect(result.body).toMatchObject({ url: site('/list?page=1'), premium: true, credits_charged: 30, status: 'done', error: null });
  });

  it('answers a start-only recipe with the page as text/html', async () => {
    const result = await call('/crawl', { method: 'POST', key: org.apiKey, body: { blocks: [{ type: 'start', details: { type: 'url', source: site('/list?page=2') } }] } });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(result.headers.get('x-credits-charged')).toBe('30');
    expect(result.text).toContain('Elderberry');
  });

  it("answers a start-only recipe's output=json with the recipe result of its one page (decisions 2), fields or items", async () => {
    for (const [expectedOutput, data] of [[undefined, { fields: {}, pages: 1 }], ['list', { items: [], pages: 1 }]] as const) {
      const body = { ...(expectedOutput ? { expectedOutput } : {}), blocks: [{ type: 'start', details: { type: 'url', source: site('/list?page=2') } }] };
      const result = await call('/crawl', { method: 'POST', key: org.apiKey, query: { output: 'json' }, body });
      expect([result.status, result.body.data, result.body.content]).toEqual([200, data, expect.stringContaining('Elderberry')]);
    }
  });

  it('charges a recipe whose selectors all miss, with empty results, and echoes no city (GET /crawl only)', async () => {
    const recipe = { blocks: [{ type: 'start', details: { type: 'url', source: site('/empty') } }, { type: 'extract', details: { selector: '.nothing', name: 'x' } }] };
    const result = await call('/crawl', { method: 'POST', key: org.apiKey, query: { country: 'de', city: 'berlin' }, body: recipe });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ fields: { x: [] }, pages: 1 });
    expect(result.body.credits_charged).toBe(30);
    expect(Object.keys(result.body).sort()).toEqual([
      'ai_query', 'credits_charged', 'credits_remaining', 'data', 'debug', 'domain', 'error', 'job_id', 'js', 'position', 'premium', 'status', 'url',
    ]);
  });

  it('stops a pagination loop', async () => {
    const result = await call('/crawl', { method: 'POST', key: org.apiKey, body: listRecipe(site('/loop?page=1')) });
    expect(result.body.data.pages).toBe(3);
  });

  it.each<[string, unknown, Record<string, string>, string]>([
    ['no blocks', { name: 'x' }, {}, 'blocks'],
    ['start not first', { blocks: [{ type: 'extract', details: { selector: 'a', name: 'a' } }, { type: 'start', details: { type: 'url', source: 'http://a.example/' } }] }, {}, 'blocks.1.type'],
    ['unknown block type', { blocks: [{ type: 'start', details: { type: 'url', source: 'http://a.example/' } }, { type: 'teleport', details: {} }] }, {}, 'blocks.1.type'],
    ['a body field that belongs in the query', { premium: true, blocks: [{ type: 'start', details: { type: 'url', source: 'http://a.example/' } }] }, {}, 'premium'],
    ['a non-JSON boolean in the query', { blocks: [{ type: 'start', details: { type: 'url', source: 'http://a.example/' } }] }, { js: 'yes' }, 'js'],
  ])('refuses %s with 422', async (_, body, query, key) => {
    const before = (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
    const result = await call('/crawl', { method: 'POST', key: org.apiKey, body, query });
    expect(result.status).toBe(422);
    expect(Object.keys(result.body.errors)).toContain(key);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(before);
  });

  it('202s a running recipe with a live capture of its page as debug (spec: present on a running job)', async () => {
    const recipe = { blocks: [{ type: 'start', details: { type: 'url', source: site('/list?page=1') } }, { type: 'wait', details: { milliseconds: 9500 } }] };
    const accepted = await call('/crawl', { method: 'POST', key: org.apiKey, body: recipe, query: { js: 'false' } });
    expect([accepted.status, accepted.body.status]).toEqual([202, 'running']);
    expect(accepted.body.debug).toEqual({ url: site('/list?page=1'), screenshot: expect.stringMatching(/^\/9j\//), html: expect.stringContaining('Apple'), captured_at: expect.any(String), truncated: false });
    expect((await collect(accepted.body.job_id, org.apiKey)).status).toBe(200);
  });

  it('202s a long recipe and serves it from GET /crawl/{job}', async () => {
    const recipe = { blocks: [{ type: 'start', details: { type: 'url', source: `${env.target.url}/slow?ms=10000` } }, { type: 'extract', details: { selector: 'title', name: 't' } }] };
    const accepted = await call('/crawl', { method: 'POST', key: org.apiKey, body: recipe, query: { js: 'false' } });
    expect(accepted.status).toBe(202);
    const done = await collect(accepted.body.job_id, org.apiKey);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ fields: { t: [expect.any(String)] }, pages: 1 });
    expect(done.body).not.toHaveProperty('credits_charged');
  });
});
