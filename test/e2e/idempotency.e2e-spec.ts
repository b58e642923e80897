import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { createOrganization, grant, ledger } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';

const env = testEnv();
const page = (path: string) => `${env.target.url}${path}`;

async function balance(key: string): Promise<number> {
  return (await call('/account', { key })).body.credits_remaining as number;
}

describe('Idempotency-Key on metered routes (decisions.md 7.3)', () => {
  it('replays the first job with Idempotent-Replayed and the first charge, charging nothing again', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 100 });
    const headers = { 'Idempotency-Key': 'order-4711' };
    const first = await call('/crawl', { key: org.apiKey, headers, query: { url: page('/static'), js: 'false' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect([first.headers.get('x-credits-charged'), first.headers.get('x-credits-remaining')]).toEqual(['1', '99']);
    // The same request by the `key` parameter instead of the header is the same request.
    const again = await call('/crawl', { headers, query: { url: page('/static'), js: 'false', key: org.apiKey } });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('x-job-id')).toBe(first.headers.get('x-job-id'));
    expect([again.headers.get('x-credits-charged'), again.headers.get('x-credits-remaining')]).toEqual(['1', '99']);
    expect(again.text).toBe(first.text);
    expect(await balance(org.apiKey)).toBe(99);
  });

  it('creates and charges one job for concurrent duplicates', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    const request = () => call('/screenshot', { key: org.apiKey, headers: { 'Idempotency-Key': 'burst-1' }, query: { url: page('/slow?ms=1500') } });
    const answers = await Promise.all(Array.from({ length: 6 }, request));
    const jobIds = new Set(answers.map((answer) => answer.headers.get('x-job-id')));
    expect(jobIds.size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(5);
    for (const answer of answers) {
      expect([200, 202]).toContain(answer.status);
      expect(answer.headers.get('x-credits-charged')).toBe('30');
    }
    expect(await balance(org.apiKey)).toBe(70);
    const charges = (await ledger(env.baseUrl, env.adminToken, org.id)).entries.filter((entry) => entry.amount < 0);
    expect(charges.map((entry) => [entry.amount, entry.job_id])).toEqual([[-30, [...jobIds][0]]]);
  });

  it("on the free plan (one request a second), answers duplicates at once and a repeat within the second with the first job: a replay takes no burst token", async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'free', credits: 100 });
    for (const round of [1, 2, 3]) {
      const request = () => call('/crawl', { key: org.apiKey, headers: { 'Idempotency-Key': `free-${round}` }, query: { url: page(`/static?free=${round}`), js: 'false' } });
      const answers = await Promise.all([request(), request()]);
      const repeat = await request();
      // The duplicate is answered the first job's current answer: 202 while it runs, 200 once done; never 429.
      expect(answers.map((answer) => answer.status).sort()).toEqual(expect.arrayContaining([200]));
      expect(answers.every((answer) => answer.status === 200 || answer.status === 202)).toBe(true);
      expect(repeat.status).toBe(200);
      expect(new Set([...answers, repeat].map((answer) => answer.headers.get('x-job-id'))).size).toBe(1);
      expect([...answers, repeat].filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
      // The next new request waits out the second the first one took.
      await new Promise((done) => setTimeout(done, 1_100));
    }
    expect(await balance(org.apiKey)).toBe(97);
  });

  it('answers 422 on the key to other parameters under the same key, charging nothing', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 100 });
    const headers = { 'Idempotency-Key': 'reused' };
    expect((await call('/crawl', { key: org.apiKey, headers, query: { url: page('/static'), js: 'false' } })).status).toBe(200);
    const other = await call('/crawl', { key: org.apiKey, headers, query: { url: page('/static'), js: 'true' } });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: expect.any(String), errors: { 'Idempotency-Key': [expect.stringContaining('other parameters')] } });
    const otherRoute = await call('/screenshot', { key: org.apiKey, headers, query: { url: page('/static'), js: 'false' } });
    expect(otherRoute.status).toBe(422);
    expect(await balance(org.apiKey)).toBe(99);
  });

  it('refuses a malformed key with 422 before anything is charged', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 100 });
    for (const bad of ['x'.repeat(256), 'has space']) {
      const answer = await call('/crawl', { key: org.apiKey, headers: { 'Idempotency-Key': bad }, query: { url: page('/static'), js: 'false' } });
      expect([answer.status, Object.keys(answer.body.errors)]).toEqual([422, ['Idempotency-Key']]);
    }
    expect(await balance(org.apiKey)).toBe(100);
  });

  it('frees the key when the first request was refused (402), so the retry is charged once', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 0 });
    const request = () => call('/crawl', { key: org.apiKey, headers: { 'Idempotency-Key': 'after-top-up' }, query: { url: page('/static'), js: 'false' } });
    expect((await request()).status).toBe(402);
    await grant(env.baseUrl, env.adminToken, org.id, 10);
    const retried = await request();
    expect([retried.status, retried.headers.get('idempotent-replayed'), retried.headers.get('x-credits-remaining')]).toEqual([200, null, '9']);
    expect((await request()).headers.get('idempotent-replayed')).toBe('true');
    expect(await balance(org.apiKey)).toBe(9);
  });

  it('keeps keys apart between organizations and applies them to POST /crawl and GET /chat too', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 100 })));
    const headers = { 'Idempotency-Key': 'shared-name' };
    const first = await call('/crawl', { key: a.apiKey, headers, query: { url: page('/static'), js: 'false' } });
    const second = await call('/crawl', { key: b.apiKey, headers, query: { url: page('/static'), js: 'false' } });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(second.headers.get('x-job-id')).not.toBe(first.headers.get('x-job-id'));
    const recipe = { blocks: [{ type: 'start', details: { type: 'url', source: page('/static') } }] };
    const posted = await call('/crawl', { key: a.apiKey, method: 'POST', headers: { 'Idempotency-Key': 'recipe-1' }, body: recipe });
    const repost = await call('/crawl', { key: a.apiKey, method: 'POST', headers: { 'Idempotency-Key': 'recipe-1' }, body: recipe });
    expect([posted.status, repost.status, repost.headers.get('idempotent-replayed')]).toEqual([200, 200, 'true']);
    const changed = await call('/crawl', { key: a.apiKey, method: 'POST', headers: { 'Idempotency-Key': 'recipe-1' }, body: { ...recipe, name: 'x' } });
    expect(changed.status).toBe(422);
    const chat = () => call('/chat', { key: b.apiKey, headers: { 'Idempotency-Key': 'chat-1' }, query: { prompt: 'hello' } });
    const asked = await chat();
    const askedAgain = await chat();
    expect([asked.status, askedAgain.status]).toEqual([200, 200]);
    expect(askedAgain.headers.get('x-job-id')).toBe(asked.headers.get('x-job-id'));
    expect(askedAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(await balance(a.apiKey)).toBe(100 - 1 - 30);
    expect(await balance(b.apiKey)).toBe(100 - 1 - 30);
  });

  it('replays the first job after Redis lost its key (a Redis restarted empty): the database keeps the key with the job', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 100 });
    const redis = new Redis(env.redisUrl);
    // What a Redis restarted empty leaves: no claim of the key, in any organization's name.
    const lose = async (key: string) => {
      const [, found] = await redis.scan('0', 'MATCH', `crawlgate:idempotency:*:${createHash('sha256').update(key).digest('hex')}`, 'COUNT', 100_000);
      expect(found).toHaveLength(1);
      await redis.del(...found);
    };
    try {
      const headers = { 'Idempotency-Key': 'lost-in-redis' };
      const crawl = (js = 'false') => call('/crawl', { key: org.apiKey, headers, query: { url: page('/static'), js } });
      const first = await crawl();
      expect([first.status, first.headers.get('x-credits-remaining')]).toEqual([200, '99']);
      await lose('lost-in-redis');
      const again = await crawl();
      expect([again.status, again.headers.get('idempotent-replayed'), again.headers.get('x-job-id')]).toEqual([200, 'true', first.headers.get('x-job-id')]);
      expect([again.headers.get('x-credits-charged'), again.headers.get('x-credits-remaining'), again.text]).toEqual(['1', '99', first.text]);
      // Redis knows the key again (the next replay is its fast path), and other parameters under it are 422 either way.
      expect((await crawl()).headers.get('idempotent-replayed')).toBe('true');
      await lose('lost-in-redis');
      const other = await crawl('true');
      expect([other.status, other.body.errors]).toEqual([422, { 'Idempotency-Key': [expect.stringContaining('other parameters')] }]);
      // POST /site keeps its key with its crawl's creation.
      const site = () => call('/site', { key: org.apiKey, method: 'POST', headers: { 'Idempotency-Key': 'lost-site' }, query: { url: page('/static'), js: 'false', max_depth: '0' } });
      const posted = await site();
      expect(posted.status).toBe(202);
      await lose('lost-site');
      const reposted = await site();
      expect([reposted.status, reposted.headers.get('idempotent-replayed'), reposted.body.job_id]).toEqual([202, 'true', posted.body.job_id]);
      const jobs = (await call('/account/jobs', { key: org.apiKey })).body.jobs as Array<{ kind: string }>;
      expect(jobs.map((job) => job.kind).sort()).toEqual(['crawl', 'site']);
    } finally {
      await redis.quit();
    }
  });

  it('applies to POST /site: one crawl for duplicates, its current envelope replayed, 422 on other parameters or a malformed key', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    const query = { url: page('/static'), js: 'false', max_depth: '0' };
    const post = (key: string, options = query) => call('/site', { key: org.apiKey, method: 'POST', headers: { 'Idempotency-Key': key }, query: options });
    const answers = await Promise.all(Array.from({ length: 4 }, () => post('site-1')));
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
    const jobIds = new Set(answers.map((answer) => answer.body.job_id));
    expect(jobIds.size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(3);
    const [jobId] = [...jobIds];
    for (const until = Date.now() + 30_000; (await call(`/crawl/${jobId}`, { key: org.apiKey })).status !== 200;) {
      expect(Date.now()).toBeLessThan(until);
      await new Promise((done) => setTimeout(done, 200));
    }
    // Once the crawl ended, the replay answers its envelope as it is now, still 202 (POST /site always answers 202, 9.3).
    const replayed = await post('site-1');
    expect([replayed.status, replayed.headers.get('idempotent-replayed')]).toEqual([202, 'true']);
    expect(replayed.body).toMatchObject({ job_id: jobId, kind: 'site', status: 'done', credits_used: 1 });
    const changed = await post('site-1', { ...query, max_depth: '1' });
    expect([changed.status, changed.body]).toEqual([422, { message: expect.any(String), errors: { 'Idempotency-Key': [expect.stringContaining('other parameters')] } }]);
    for (const bad of ['x'.repeat(300), 'has space']) {
      const refused = await post(bad);
      expect([refused.status, Object.keys(refused.body.errors ?? {})]).toEqual([422, ['Idempotency-Key']]);
    }
    const jobs = (await call('/account/jobs', { key: org.apiKey })).body.jobs as Array<{ kind: string }>;
    expect(jobs.filter((job) => job.kind === 'site')).toHaveLength(1);
    expect(await balance(org.apiKey)).toBe(99);
  });
});
