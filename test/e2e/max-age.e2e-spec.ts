import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { createOrganization, getOrganization, ledger, usage } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call, CallResult, collect } from '../harness/http.js';

const env = testEnv();
const target = (path: string) => `${env.target.url}${path}`;
const today = new Date().toISOString().slice(0, 10);
const HOUR = '3600000';
let sequence = 0;
/** A path no other test asks for, so the target's log tells this test's fetches apart. */
const freshPath = (base = '/static') => `${base}${base.includes('?') ? '&' : '?'}max-age-test=${Date.now()}-${++sequence}`;
const fetchesOf = async (path: string) =>
  ((await (await fetch(`${env.target.url}/__requests`)).json()) as Array<{ path: string }>).filter((request) => request.path === path).length;
const crawl = (key: string, path: string, query: Record<string, string> = {}) => call('/crawl', { key, query: { url: target(path), ...query } });
const cacheHeaders = (result: CallResult) => ({ cache: result.headers.get('x-cache'), age: result.headers.get('x-cache-age'), charged: result.headers.get('x-credits-charged') });

/** decisions.md 9.6: max_age answers from the organization's stored copy; store=false keeps a fetch out. */
describe('max_age: stored copies of pages', () => {
  let org: { id: string; apiKey: string };
  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 1000 });
  });

  it('answers a hit without reaching the target, at cache_hit, with X-Cache and X-Cache-Age; the same bytes as the fetch', async () => {
    const path = freshPath();
    const first = await crawl(org.apiKey, path, { max_age: HOUR });
    expect(first.status).toBe(200);
    expect(cacheHeaders(first)).toEqual({ cache: 'miss', age: null, charged: '5' });
    const second = await crawl(org.apiKey, path, { max_age: HOUR });
    expect(second.status).toBe(200);
    expect(cacheHeaders(second)).toEqual({ cache: 'hit', age: expect.stringMatching(/^[0-9]$/), charged: '1' });
    expect(second.text).toBe(first.text);
    expect(second.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(second.headers.get('x-target-status')).toBe('200');
    expect(second.headers.get('x-final-url')).toBe(first.headers.get('x-final-url'));
    expect(second.headers.get('x-job-id')).not.toBe(first.headers.get('x-job-id'));
    expect(await fetchesOf(path)).toBe(1);
  });

  it('says X-Cache on a collected answer as the request itself did: a miss while it runs and once done, a hit with its age', async () => {
    const path = freshPath('/slow?ms=11000');
    const started = await crawl(org.apiKey, path, { max_age: HOUR, js: 'false' });
    expect([started.status, started.headers.get('x-cache')]).toEqual([202, 'miss']);
    const jobId = started.body.job_id as string;
    const running = await call(`/crawl/${jobId}`, { key: org.apiKey });
    expect([running.status, running.headers.get('x-cache'), running.headers.get('x-cache-age')]).toEqual([202, 'miss', null]);
    const done = await collect(jobId, org.apiKey);
    expect([done.status, done.headers.get('x-cache'), done.headers.get('x-cache-age')]).toEqual([200, 'miss', null]);
    const hit = await crawl(org.apiKey, path, { max_age: HOUR, js: 'false' });
    expect(cacheHeaders(hit)).toEqual({ cache: 'hit', age: expect.stringMatching(/^[0-9]+$/), charged: '1' });
    const collectedHit = await call(`/crawl/${hit.headers.get('x-job-id')}`, { key: org.apiKey });
    expect([collectedHit.status, collectedHit.headers.get('x-cache'), collectedHit.headers.get('x-cache-age')]).toEqual([200, 'hit', expect.stringMatching(/^[0-9]+$/)]);
    expect(Number(collectedHit.headers.get('x-cache-age'))).toBeGreaterThanOrEqual(Number(hit.headers.get('x-cache-age')));
    expect(collectedHit.text).toBe(done.text);
    // A request without max_age (or with 0: always fetch) is a miss too, answered and collected.
    for (const maxAge of [undefined, '0']) {
      const plain = await crawl(org.apiKey, freshPath(), { js: 'false', ...(maxAge ? { max_age: maxAge } : {}) });
      const collected = await call(`/crawl/${plain.headers.get('x-job-id')}`, { key: org.apiKey });
      expect([plain.status, plain.headers.get('x-cache'), collected.status, collected.headers.get('x-cache'), collected.headers.get('x-cache-age')]).toEqual([200, 'miss', 200, 'miss', null]);
    }
  });

  it('misses for a different fetch option, and for another organization', async () => {
    const path = freshPath();
    expect(cacheHeaders(await crawl(org.apiKey, path, { max_age: HOUR, js: 'false' }))).toEqual({ cache: 'miss', age: null, charged: '1' });
    expect(cacheHeaders(await crawl(org.apiKey, path, { max_age: HOUR }))).toEqual({ cache: 'miss', age: null, charged: '5' });
    expect(cacheHeaders(await crawl(org.apiKey, path, { max_age: HOUR, js: 'false', adblock: 'false' }))).toEqual({ cache: 'miss', age: null, charged: '1' });
    expect(cacheHeaders(await crawl(org.apiKey, path, { max_age: HOUR, js: 'false' }))).toEqual({ cache: 'hit', age: expect.any(String), charged: '1' });
    const other = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    expect(cacheHeaders(await crawl(other.apiKey, path, { max_age: HOUR, js: 'false' }))).toEqual({ cache: 'miss', age: null, charged: '1' });
    expect(await fetchesOf(path)).toBe(4);
  });

  it('stores nothing with store=false, and fetches with max_age=0 (a miss) even when a copy exists', async () => {
    const path = freshPath();
    const unstored = await crawl(org.apiKey, path, { js: 'false', store: 'false' });
    expect(cacheHeaders(unstored)).toEqual({ cache: 'miss', age: null, charged: '1' });
    expect(cacheHeaders(await crawl(org.apiKey, path, { js: 'false', max_age: HOUR, store: 'false' }))).toEqual({ cache: 'miss', age: null, charged: '1' });
    expect(cacheHeaders(await crawl(org.apiKey, path, { js: 'false', max_age: HOUR }))).toEqual({ cache: 'miss', age: null, charged: '1' });
    expect(cacheHeaders(await crawl(org.apiKey, path, { js: 'false', max_age: '0' }))).toEqual({ cache: 'miss', age: null, charged: '1' });
    expect(cacheHeaders(await crawl(org.apiKey, path, { js: 'false' }))).toEqual({ cache: 'miss', age: null, charged: '1' });
    expect(cacheHeaders(await crawl(org.apiKey, path, { js: 'false', max_age: HOUR }))).toEqual({ cache: 'hit', age: expect.any(String), charged: '1' });
    expect(await fetchesOf(path)).toBe(5);
  });

  it("does not store a target's non-2xx answer", async () => {
    const path = `/status/404?max-age-test=${Date.now()}`;
    for (let round = 0; round < 2; round++) {
      const result = await crawl(org.apiKey, path, { js: 'false', max_age: HOUR });
      expect(result.status).toBe(200);
      expect(result.headers.get('x-target-status')).toBe('404');
      expect(cacheHeaders(result)).toEqual({ cache: 'miss', age: null, charged: '1' });
    }
    expect(await fetchesOf(path)).toBe(2);
  });

  it('computes the format afresh from the copy: stored as html, answered as markdown as a fresh fetch would be', async () => {
    const path = freshPath('/content/article');
    const html = await crawl(org.apiKey, path, { js: 'false', max_age: HOUR, format: 'html' });
    expect(cacheHeaders(html)).toEqual({ cache: 'miss', age: null, charged: '1' });
    const fresh = await crawl(org.apiKey, path, { js: 'false', format: 'markdown', store: 'false' });
    const hit = await crawl(org.apiKey, path, { js: 'false', max_age: HOUR, format: 'markdown' });
    expect(cacheHeaders(hit)).toEqual({ cache: 'hit', age: expect.any(String), charged: '1' });
    expect(hit.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(hit.text).toBe(fresh.text);
    expect(hit.text).not.toBe(html.text);
    const json = await crawl(org.apiKey, path, { js: 'false', max_age: HOUR, output: 'json', format: 'text', main_content: 'true' });
    const freshJson = await crawl(org.apiKey, path, { js: 'false', output: 'json', format: 'text', main_content: 'true', store: 'false' });
    expect(cacheHeaders(json)).toEqual({ cache: 'hit', age: expect.any(String), charged: '1' });
    const { cached_at: cachedAt, ...metadata } = (json.body as { metadata: Record<string, unknown> }).metadata;
    expect(new Date(String(cachedAt)).toISOString()).toBe(cachedAt);
    expect(Date.now() - Date.parse(String(cachedAt))).toBeLessThan(120_000);
    expect(metadata).toEqual((freshJson.body as { metadata: object }).metadata);
    expect((json.body as { content: string }).content).toBe((freshJson.body as { content: string }).content);
    expect(await fetchesOf(path)).toBe(3);
  });

  it('prices a hit with ai_query at cache_hit + 5, and the model reads the copy', async () => {
    const path = freshPath();
    await crawl(org.apiKey, path, { js: 'false', max_age: HOUR });
    const asked = await crawl(org.apiKey, path, { js: 'false', max_age: HOUR, ai_query: 'What is this page about?' });
    expect(asked.status).toBe(200);
    expect(cacheHeaders(asked)).toEqual({ cache: 'hit', age: expect.any(String), charged: '6' });
    expect(asked.body).toMatchObject({ data: { answer: expect.stringMatching(/^Answer to "What is this page about\?" from page containing \d+ chars: /) }, credits_charged: 6, status: 'done' });
    expect(await fetchesOf(path)).toBe(1);
  });

  it('refuses an ai_schema that does not compile with 422 when a copy would answer, as on a fetch, charging nothing', async () => {
    const path = freshPath();
    await crawl(org.apiKey, path, { js: 'false', max_age: HOUR });
    const before = (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
    const refused = await crawl(org.apiKey, path, { js: 'false', max_age: HOUR, ai_schema: '{"type":"object","minProperties":-1}' });
    expect([refused.status, Object.keys(refused.body.errors)]).toEqual([422, ['ai_schema']]);
    expect(refused.body.errors.ai_schema[0]).toMatch(/^ai_schema does not compile as a JSON Schema \(draft 2020-12\): /);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(before);
    expect(await fetchesOf(path)).toBe(1);
  });

  it('ledgers a hit as cache_hit <host>, tallies it as a crawl on its host, and keeps balance == sum(ledger)', async () => {
    const fresh = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    const path = freshPath();
    const miss = await crawl(fresh.apiKey, path, { max_age: HOUR });
    const hit = await crawl(fresh.apiKey, path, { max_age: HOUR });
    expect(hit.headers.get('x-credits-remaining')).toBe('94');
    const entries = (await ledger(env.baseUrl, env.adminToken, fresh.id)).entries;
    const moves = entries.filter((entry) => entry.job_id).map((entry) => [entry.amount, entry.reason, entry.job_id]).sort();
    expect(moves).toEqual([[-1, 'cache_hit 127.0.0.1', hit.headers.get('x-job-id')], [-5, 'crawl 127.0.0.1', miss.headers.get('x-job-id')]].sort());
    expect((await getOrganization(env.baseUrl, env.adminToken, fresh.id)).credits_remaining).toBe(94);
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(94);
    expect((await usage(env.baseUrl, env.adminToken, fresh.id, today, today)).days).toEqual([{ date: today, host: '127.0.0.1', crawls: 2, attempts: 2, credits: 6 }]);
    const collected = await call(`/crawl/${hit.headers.get('x-job-id')}`, { headers: { authorization: `Bearer ${fresh.apiKey}` } });
    expect(collected.status).toBe(200);
    expect(collected.text).toBe(hit.text);
    // decisions 7.5's row, nothing more: a hit is told by its price (and the ledger's reason above).
    const listed = (await call('/account/jobs', { key: fresh.apiKey })).body.jobs as Array<Record<string, unknown>>;
    expect(listed.map((job) => [job.job_id, job.credits, Object.keys(job).sort()])).toEqual([
      [hit.headers.get('x-job-id'), 1, ['created_at', 'credits', 'error', 'finished_at', 'host', 'job_id', 'kind', 'status']],
      [miss.headers.get('x-job-id'), 5, ['created_at', 'credits', 'error', 'finished_at', 'host', 'job_id', 'kind', 'status']],
    ]);
  });

  it.each([['-1'], ['604800001'], ['1.5'], ['abc'], ['']])('refuses max_age=%p with 422, nothing charged', async (value) => {
    const result = await crawl(org.apiKey, '/static', { max_age: value });
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual({ max_age: ['max_age must be an integer from 0 to 604800000 (milliseconds)'] });
    expect(result.headers.get('x-credits-charged')).toBeNull();
  });

  it('refuses store=maybe, and max_age and store on screenshots', async () => {
    const maybe = await crawl(org.apiKey, '/static', { store: 'maybe' });
    expect(maybe.status).toBe(422);
    expect(Object.keys(maybe.body.errors)).toEqual(['store']);
    for (const [name, value] of [['max_age', HOUR], ['store', 'false']]) {
      const result = await call('/screenshot', { key: org.apiKey, query: { url: target('/static'), [name]: value } });
      expect(result.status).toBe(422);
      expect(Object.keys(result.body.errors)).toEqual([name]);
    }
  });
});

describe('max_age while the tier\'s pool is down', () => {
  const redis = new Redis(env.redisUrl);
  const control = (action: 'down' | 'up') => fetch(`${env.proxies.premium.controlUrl}/${action}`);
  afterAll(async () => {
    await control('up');
    for (const key of await redis.keys('crawlgate:proxy:down:*')) await redis.del(key);
    await redis.quit();
  });

  it('answers a hit with no proxy while a fetch on that pool is refused 503', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 500 });
    const path = freshPath();
    expect(cacheHeaders(await crawl(org.apiKey, path, { premium: 'true', js: 'false', max_age: HOUR }))).toEqual({ cache: 'miss', age: null, charged: '10' });
    await control('down');
    // Until the pool is seen down (its connection check is cached for PROXY_CHECK_TTL_MS), fetches are tried and refunded.
    const until = Date.now() + 20_000;
    let refused = await crawl(org.apiKey, freshPath(), { premium: 'true', js: 'false' });
    while (refused.status !== 503 && Date.now() < until) refused = await crawl(org.apiKey, freshPath(), { premium: 'true', js: 'false' });
    expect(refused.status).toBe(503);
    const hit = await crawl(org.apiKey, path, { premium: 'true', js: 'false', max_age: HOUR });
    expect(hit.status).toBe(200);
    expect(cacheHeaders(hit)).toEqual({ cache: 'hit', age: expect.any(String), charged: '1' });
    expect(await fetchesOf(path)).toBe(1);
  });
});
