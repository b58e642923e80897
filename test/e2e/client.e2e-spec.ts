import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { createCrawlgateClient, CrawlgateClient } from '../../clients/typescript/src/index.js';
import { createOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { RUN_DIR } from '../harness/app-process.js';

const env = testEnv();
const page = (path: string) => `${env.target.url}${path}`;
const generator = (...args: string[]) => spawnSync(process.execPath, ['clients/typescript/generate.mjs', ...args], { encoding: 'utf8' });

describe('clients/typescript', () => {
  let client: CrawlgateClient;
  beforeAll(async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 1000 });
    client = createCrawlgateClient({ baseUrl: env.baseUrl, apiKey: org.apiKey });
  });

  it('has checked-in types generated from the running service\'s document', async () => {
    const check = generator(`${env.baseUrl}/openapi.json`, '--check');
    expect([check.status, check.stderr]).toEqual([0, '']);
    // The check can fail: a document with one route less is reported stale.
    const document = (await (await fetch(`${env.baseUrl}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    delete document.paths['/chat'];
    const file = resolve(RUN_DIR, 'openapi-without-chat.json');
    writeFileSync(file, JSON.stringify(document));
    const stale = generator(file, '--check');
    expect([stale.status, stale.stderr]).toEqual([1, expect.stringContaining('is stale')]);
  });

  it('crawls a page as HTML with the credit headers', async () => {
    const { data, response } = await client.GET('/crawl', { params: { query: { url: page('/static'), js: 'false' } }, parseAs: 'text' });
    expect(response.status).toBe(200);
    expect(data).toContain('<h1>');
    expect(response.headers.get('x-credits-charged')).toBe('1');
  });

  it('gets a 202 with the job, then collects the page', async () => {
    const first = await client.GET('/crawl', { params: { query: { url: page('/slow?ms=9500'), js: 'false' } } });
    expect(first.response.status).toBe(202);
    const jobId = (first.data as { job_id: string; status: string }).job_id;
    expect(first.response.headers.get('x-job-id')).toBe(jobId);
    const until = Date.now() + 60_000;
    let collected = await client.GET('/crawl/{job}', { params: { path: { job: jobId } }, parseAs: 'text' });
    while (collected.response.status === 202 && Date.now() < until) {
      await new Promise((done) => setTimeout(done, 250));
      collected = await client.GET('/crawl/{job}', { params: { path: { job: jobId } }, parseAs: 'text' });
    }
    expect(collected.response.status).toBe(200);
    expect(collected.data).toContain('<h1>Slow</h1>');
  });

  it('takes a screenshot, replays it by Idempotency-Key, and reads the account', async () => {
    const request = { params: { query: { url: page('/static') }, header: { 'Idempotency-Key': 'client-shot' } } };
    const shot = await client.GET('/screenshot', request);
    expect(shot.response.status).toBe(200);
    expect(shot.data?.screenshot).toMatch(/^\/9j\//);
    expect(shot.data?.credits_charged).toBe(30);
    const replay = await client.GET('/screenshot', request);
    expect([replay.data?.job_id, replay.response.headers.get('idempotent-replayed')]).toEqual([shot.data?.job_id, 'true']);
    const account = await client.GET('/account');
    expect(account.data?.credits_remaining).toBe(1000 - 1 - 1 - 30);
    expect(account.data?.plan).toBe('lite');
  });

  it('answers typed errors', async () => {
    const { error, response } = await client.GET('/crawl', { params: { query: { url: 'ftp://example.test/' } } });
    expect(response.status).toBe(422);
    expect(error).toEqual({ message: expect.any(String), errors: { url: [expect.any(String)] } });
    const secret = await client.POST('/account/webhook-secret');
    expect([secret.response.status, secret.data?.secret]).toEqual([201, expect.stringMatching(/^whsec_/)]);
  });
});
