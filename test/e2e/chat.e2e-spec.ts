import { beforeAll, describe, expect, it } from '@jest/globals';
import { CHAT_SITE_NODES } from '../fixtures/chat-site.js';
import { createOrganization, getOrganization, usage } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call, collect } from '../harness/http.js';

const env = testEnv();
const control = (path: string, body?: unknown) =>
  fetch(`${env.chat.url.replace(/\/$/, '')}${path}`, { method: body === undefined ? 'GET' : 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
const today = new Date().toISOString().slice(0, 10);

describe('GET /chat', () => {
  let org: { id: string; apiKey: string };
  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 1000 });
  });

  it('types the prompt key by key and returns the answer as the exact node tree, flat 30', async () => {
    await control('/__reset', {});
    const prompt = 'Best hiking boots?';
    const result = await call('/chat', { key: org.apiKey, query: { prompt, country: 'us' } });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      prompt,
      conversation: [{ role: 'user', message: prompt }, { role: 'assistant', response: CHAT_SITE_NODES }],
      credits_charged: 30,
      credits_remaining: 970,
      job_id: result.headers.get('x-job-id'),
      status: 'done',
      position: null,
      error: null,
      debug: null,
    });
    const stats = (await (await control('/__stats')).json()) as { keydown: number; input: number; keyup: number; prompt: string };
    expect(stats).toMatchObject({ keydown: prompt.length, input: prompt.length, keyup: prompt.length, prompt });
  });

  it('keeps the charge of a chat answered 202 that then times out (chat_timeout), and tallies the attempt on the chat host', async () => {
    await control('/__mode', { mode: 'never-finish' });
    const before = (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
    try {
      const result = await call('/chat', { key: org.apiKey, query: { prompt: 'hello' } });
      expect(result.status).toBe(202);
      const failed = await collect(result.body.job_id, org.apiKey);
      expect(failed.status).toBe(500);
      expect(failed.headers.get('x-error-code')).toBe('chat_timeout');
      expect(failed.body).toMatchObject({ status: 'failed', data: [{ prompt: 'hello', conversation: [] }] });
    } finally {
      await control('/__mode', { mode: 'normal' });
    }
    // Past the 202 the request was answered as paid: a later failure is not refunded (service-spec).
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(before - 30);
    const days = (await usage(env.baseUrl, env.adminToken, org.id, today, today)).days as Array<{ host: string; attempts: number; crawls: number }>;
    expect(days.find((day) => day.host === '127.0.0.1')).toMatchObject({ attempts: 2, crawls: 1 });
  });

  it('refunds inside the sync wait when the page settles without an answer (chat_no_answer)', async () => {
    await control('/__mode', { mode: 'no-answer' });
    const before = (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
    try {
      // The fake site ends its turn after 0.3 s; the task gives up after a quarter of CHAT_TIMEOUT_MS (12 s), well inside SYNC_WAIT_MS (8 s).
      const result = await call('/chat', { key: org.apiKey, query: { prompt: 'anyone?' } });
      expect(result.status).toBe(500);
      expect(result.headers.get('x-error-code')).toBe('chat_no_answer');
      expect(result.body).toMatchObject({ conversation: [], credits_charged: 0, credits_remaining: before, status: 'failed' });
    } finally {
      await control('/__mode', { mode: 'normal' });
    }
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(before);
  });

  it.each<[Record<string, string>, string]>([
    [{}, 'prompt'],
    [{ prompt: 'x'.repeat(1001) }, 'prompt'],
    [{ prompt: 'hi', city: 'paris' }, 'city'],
    [{ prompt: 'hi', premium: 'sure' }, 'premium'],
  ])('refuses %j with 422 naming %s', async (query, param) => {
    const result = await call('/chat', { key: org.apiKey, query });
    expect(result.status).toBe(422);
    expect(Object.keys(result.body.errors)).toEqual([param]);
  });
});
