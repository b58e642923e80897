import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization, getOrganization, ledger, usage } from '../factories/organization.factory.js';
import { startSiteFixture, SiteFixture } from '../fixtures/site-fixture.js';
import { testEnv } from '../harness/env.js';
import { call, CallResult } from '../harness/http.js';

const env = testEnv();

/** POST /site with its options in the query. */
function site(key: string, query: Record<string, string>, body?: unknown): Promise<CallResult> {
  return call('/site', { key, method: 'POST', query, ...(body === undefined ? {} : { body }) });
}

/** Collects a crawl to its end, following `next`: every page once, in finish order. */
async function crawlToEnd(jobId: string, key: string, timeoutMs = 120_000): Promise<{ last: CallResult; pages: Array<Record<string, any>> }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const pages: Array<Record<string, any>> = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  let path = `/crawl/${jobId}`;
  for (const until = Date.now() + timeoutMs; Date.now() < until;) {
    const answer = await call(path, { key });
    expect([200, 202]).toContain(answer.status);
    pages.push(...(answer.body.pages as Array<Record<string, unknown>>));
    if (answer.body.next === null) return { last: answer, pages };
    path = answer.body.next as string;
    if ((answer.body.pages as unknown[]).length === 0) await new Promise((done) => setTimeout(done, 300));
  }
  throw new Error(`crawl ${jobId} did not end in ${timeoutMs} ms`);
}

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

describe('POST /site: a whole site crawled, page by page', () => {
  let fixture: SiteFixture;
  beforeAll(async () => {
    fixture = await startSiteFixture();
  });
  afterAll(async () => fixture?.close());

  it('crawls the fixture site', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 500 });
    const accepted = await site(org.apiKey, { url: fixture.url, js: 'false' });
    expect(accepted.status).toBe(202);
    const { last, pages } = await crawlToEnd(accepted.body.job_id as string, org.apiKey);
    console.log(JSON.stringify({ ...last.body, pages: undefined }, null, 1));
    console.log(pages.map((p) => [pathOf(p.url), p.depth, p.target_status, p.credits, p.error, p.duplicate_of]));
    console.log(JSON.stringify(await ledger(env.baseUrl, env.adminToken, org.id)));
    console.log(JSON.stringify(await usage(env.baseUrl, env.adminToken, org.id)));
    console.log(fixture.pagePaths());
  });
});
