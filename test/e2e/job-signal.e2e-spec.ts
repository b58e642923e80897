import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization, getOrganization } from '../factories/organization.factory.js';
import type { RecordedLlmRequest } from '../fixtures/fake-llm.server.js';
import { testEnv } from '../harness/env.js';
import { call, collect } from '../harness/http.js';

// Issue 38.2 on the e2e stack (JOB_TIMEOUT_MS=20000, SYNC_WAIT_MS=8000): the job's one signal ends its model request.
const env = testEnv();
const JOB_TIMEOUT_MS = 20_000;
// Where the request would end on the model client's own 60 s timeout, the job's signal ends it at the deadline.
const ABORT_SLACK_MS = 3_000;

async function llmControl(path: string, body?: unknown): Promise<Response> {
  const base = env.llm.url.replace(/\/v1$/, '');
  return fetch(`${base}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function asksCarrying(marker: string): Promise<RecordedLlmRequest[]> {
  const all = (await (await llmControl('/__requests')).json()) as RecordedLlmRequest[];
  return all.filter((request) => JSON.stringify(request.body).includes(marker));
}

/** Polls the fake model until its request carrying `marker` was closed by the client, or `until` passes. */
async function abortedAsk(marker: string, until: number): Promise<RecordedLlmRequest[]> {
  for (;;) {
    const asks = await asksCarrying(marker);
    if (asks.some((ask) => ask.abortedAt !== null) || Date.now() > until) return asks;
    await new Promise((done) => setTimeout(done, 200));
  }
}

describe('one signal a job (issue 38.2): a model that never answers', () => {
  let org: Awaited<ReturnType<typeof createOrganization>>;

  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 1000 });
  });

  it.each([
    ['ai_query', (marker: string) => ({ ai_query: `Which colour? ${marker}` })],
    ['ai_schema', (marker: string) => ({ ai_query: `Which colour? ${marker}`, ai_schema: JSON.stringify({ type: 'object', properties: { colour: { type: 'string' } } }) })],
  ])('%s: the job fails at its deadline and its model request is aborted then, with no ask after it', async (name, params) => {
    const marker = `hang-${randomUUID()}`;
    expect((await llmControl('/__script', { match: marker, answers: [], hang: true })).status).toBe(200);
    const before = (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
    const started = Date.now();
    const accepted = await call('/crawl', { key: org.apiKey, query: { url: `${env.target.url}/static`, js: 'false', ...params(marker) } });
    expect(accepted.status).toBe(202);
    // A page without JavaScript (1) and a model's answer (5).
    expect(accepted.headers.get('x-credits-charged')).toBe('6');
    const failed = await collect(accepted.body.job_id, org.apiKey);
    const failedAt = Date.now();
    expect(failed.status).toBe(500);
    expect(failed.headers.get('x-error-code')).toBe('navigation_timeout');
    expect(failed.body).toMatchObject({ status: 'failed' });
    // Answered 202, the request was paid: a later failure keeps its charge (service-spec), as before this change.
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(before - 6);
    const asks = await abortedAsk(marker, started + JOB_TIMEOUT_MS + 15_000);
    expect(asks).toHaveLength(1);
    const [ask] = asks;
    expect(ask.abortedAt).not.toBeNull();
    console.log(`issue 38.2 (${name}): job failed ${failedAt - started} ms after the call, model request aborted ${ask.abortedAt! - started} ms after it`);
    // The model's request ended at the job's deadline (the job starts a little after the call), not 60 s in.
    expect(ask.abortedAt! - started).toBeGreaterThan(JOB_TIMEOUT_MS - ABORT_SLACK_MS);
    expect(ask.abortedAt! - started).toBeLessThan(JOB_TIMEOUT_MS + ABORT_SLACK_MS);
    // The job failed as its request was aborted: at its deadline, not at the runner's backstop 5 s after it.
    expect(ask.abortedAt!).toBeLessThanOrEqual(failedAt + 500);
    expect(failedAt - ask.abortedAt!).toBeLessThan(2_500);
  }, 60_000);
});
