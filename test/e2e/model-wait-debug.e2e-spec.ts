import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization, getOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call, CallResult, collect } from '../harness/http.js';

// decisions.md 2: a running job's 202 and polls carry `debug`, also once its page is read and the tab given back
// while the model answers. On the e2e stack SYNC_WAIT_MS is 8000: a model answering 10 s after it is asked makes a 202.
const env = testEnv();
const target = (path: string) => `${env.target.url}${path}`;

async function slowModel(match: string, answer: string, delayMs: number): Promise<void> {
  const base = env.llm.url.replace(/\/v1$/, '');
  const script = { match, answers: [answer], delay_ms: delayMs };
  const response = await fetch(`${base}/__script`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(script) });
  expect(response.status).toBe(200);
}

/** Polls a running job until its debug shows `html` (the page it read), while it still runs. */
async function pollShowing(jobId: string, key: string, html: string): Promise<CallResult> {
  for (const until = Date.now() + 8000; ; await new Promise((done) => setTimeout(done, 100))) {
    const poll = await call(`/crawl/${jobId}`, { key });
    if (poll.status !== 202 || poll.body.debug?.html === html || Date.now() > until) return poll;
  }
}

describe('debug of a running job waiting for its model', () => {
  let org: Awaited<ReturnType<typeof createOrganization>>;

  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 1000 });
  });

  it('shows the page it read: a 202 and its polls carry the URL and source, a thumbnail once a capture was asked while the tab was held', async () => {
    const marker = randomUUID();
    const fastUrl = target(`/static?model-wait=${marker}`);
    // Held past the 202's capture (asked 2.5 s before it): that ask is while the tab is held.
    const heldUrl = target(`/slow?ms=7000&model-wait=${marker}`);
    const [fastBody, heldBody] = await Promise.all([fetch(fastUrl), fetch(target('/slow?ms=0'))].map(async (r) => (await r).text()));
    await slowModel(`fast ${marker}`, 'fast answer', 10_000);
    await slowModel(`held ${marker}`, 'held answer', 6_000);
    await slowModel(`shot ${marker}`, 'shot answer', 10_000);

    const [fast, held, shot] = await Promise.all([
      call('/crawl', { key: org.apiKey, query: { url: fastUrl, js: 'false', ai_query: `fast ${marker}` } }),
      call('/crawl', { key: org.apiKey, query: { url: heldUrl, js: 'false', ai_query: `held ${marker}` } }),
      call('/screenshot', { key: org.apiKey, query: { url: fastUrl, ai_query: `shot ${marker}` } }),
    ]);

    // Read in well under a second and never asked about while held: the page's URL and source, no thumbnail ('').
    expect([fast.status, fast.headers.get('x-credits-charged')]).toEqual([202, '6']);
    expect(fast.body).toMatchObject({ status: 'running', position: null });
    const fastDebug = { url: fastUrl, screenshot: '', html: fastBody, truncated: false, captured_at: expect.any(String) };
    expect(fast.body.debug).toEqual(fastDebug);
    const fastPoll = await call(`/crawl/${fast.body.job_id}`, { key: org.apiKey });
    expect(fastPoll.status).toBe(202);
    expect(fastPoll.body).toMatchObject({ status: 'running', debug: fastDebug });

    // GET /screenshot with a question: the rendered page it read while the model answers.
    expect([shot.status, shot.headers.get('x-credits-charged')]).toEqual([202, '30']);
    expect(shot.body.debug).toEqual({ url: fastUrl, screenshot: '', html: expect.stringContaining('<h1>Static page</h1>'), truncated: false, captured_at: expect.any(String) });

    // Asked about while its tab was held: the thumbnail taken as the tab was given back, beside the page it read.
    expect([held.status, held.headers.get('x-credits-charged')]).toEqual([202, '6']);
    const heldPoll = await pollShowing(held.body.job_id as string, org.apiKey, heldBody);
    expect(heldPoll.status).toBe(202);
    expect(heldPoll.body.debug).toEqual({ url: heldUrl, screenshot: expect.stringMatching(/^\/9j\//), html: heldBody, truncated: false, captured_at: expect.any(String) });

    const done = await Promise.all([fast, held, shot].map((accepted) => collect(accepted.body.job_id as string, org.apiKey)));
    expect(done.map((answer) => [answer.status, answer.body.debug, answer.body.data.answer])).toEqual([
      [200, null, 'fast answer'], [200, null, 'held answer'], [200, null, 'shot answer'],
    ]);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(1000 - 6 - 6 - 30);
  }, 40_000);
});
