import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startWebhookReceiver, WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { createOrganization } from '../factories/organization.factory.js';
import { appLog, waitForLogLine } from '../harness/app-log.js';
import { AppProcess, startAppProcess } from '../harness/app-process.js';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';

const env = testEnv();
const page = (path: string) => `${env.target.url}${path}`;
/** The first retry's wait (WEBHOOK_BACKOFF_MS; decisions 7.4's 1 s unless the stack shortens it), doubling per failure. */
const backoffMs = Number(env.appEnv.WEBHOOK_BACKOFF_MS ?? 1000);
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

/** An organization that has made its webhook secret, which a webhook_url needs (decisions 8.5). */
async function hookedOrganization(plan: 'lite' | 'standard' = 'lite'): Promise<{ id: string; apiKey: string; secret: string }> {
  const org = await createOrganization(env.baseUrl, env.adminToken, { plan, credits: 100 });
  const made = await call('/account/webhook-secret', { key: org.apiKey, method: 'POST' });
  return { ...org, secret: made.body.secret };
}

function verify(signature: string, secret: string, body: string): { t: number; valid: boolean } {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature);
  if (!match) return { t: 0, valid: false };
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest('hex');
  return { t: Number(match[1]), valid: expected === match[2] };
}

describe('webhooks (decisions.md 7.4)', () => {
  it('POSTs a signed job.finished the test verifies with the organization secret, also for a synchronous answer', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 100 });
    const made = await call('/account/webhook-secret', { key: org.apiKey, method: 'POST' });
    expect([made.status, made.body]).toEqual([201, { secret: expect.stringMatching(/^whsec_[A-Za-z0-9]{43}$/) }]);
    const hook = `${receiver.url}/signed/${org.id}`;
    const answer = await call('/crawl', { key: org.apiKey, query: { url: page('/static'), js: 'false', webhook_url: hook } });
    expect([answer.status, answer.headers.get('x-credits-charged')]).toEqual([200, '1']);
    const [delivery] = await receiver.waitFor(`/signed/${org.id}`, 1);
    expect(JSON.parse(delivery.body)).toEqual({
      event: 'job.finished', job_id: answer.headers.get('x-job-id'), kind: 'crawl', status: 'done', error: null,
      finished_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['x-crawlgate-delivery']).toMatch(/^dlv_[A-Za-z0-9]{26}$/);
    const { t, valid } = verify(String(delivery.headers['x-crawlgate-signature']), made.body.secret, delivery.body);
    expect(valid).toBe(true);
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(60);
    expect(verify(String(delivery.headers['x-crawlgate-signature']), 'whsec_wrong', delivery.body).valid).toBe(false);
    // Webhooks are free.
    expect((await call('/account', { key: org.apiKey })).body.credits_remaining).toBe(99);
  });

  it('retries a receiver that fails twice: three deliveries, one delivery id, the same body, backing off', async () => {
    const org = await hookedOrganization();
    const path = `/fail-2/${org.id}`;
    const answer = await call('/crawl', { key: org.apiKey, query: { url: page('/static'), js: 'false', webhook_url: `${receiver.url}${path}` } });
    expect(answer.status).toBe(200);
    const deliveries = await receiver.waitFor(path, 3);
    // Delivered at the third attempt: no attempt follows a delivery.
    const delivered = await waitForLogLine(['"msg":"webhook delivered"', String(deliveries[0].headers['x-crawlgate-delivery'])]);
    expect(delivered).toMatchObject({ attempt: 3 });
    expect(receiver.deliveries.filter((delivery) => delivery.path === path)).toHaveLength(3);
    expect(new Set(deliveries.map((delivery) => delivery.headers['x-crawlgate-delivery'])).size).toBe(1);
    expect(new Set(deliveries.map((delivery) => delivery.body)).size).toBe(1);
    expect(JSON.parse(deliveries[0].body)).toMatchObject({ job_id: answer.headers.get('x-job-id'), kind: 'crawl', status: 'done' });
    // Backoff from the first, doubling: 1 s then 2 s by default (margins for a loaded machine on the low side only).
    expect(deliveries[1].at - deliveries[0].at).toBeGreaterThanOrEqual(0.9 * backoffMs);
    expect(deliveries[2].at - deliveries[1].at).toBeGreaterThanOrEqual(1.8 * backoffMs);
    expect(verify(String(deliveries[2].headers['x-crawlgate-signature']), org.secret, deliveries[2].body).valid).toBe(true);
  });

  it('gives up after 5 attempts on a receiver that keeps failing, and logs it', async () => {
    const org = await hookedOrganization();
    // The receiver's token rides in the query: it must stay out of the log.
    const path = `/fail-99/${org.id}?token=receiver-secret-${org.id}`;
    const answer = await call('/crawl', { key: org.apiKey, query: { url: page('/static'), js: 'false', webhook_url: `${receiver.url}${path}` } });
    expect(answer.status).toBe(200);
    const deliveries = await receiver.waitFor(path, 5, 10_000 + 25 * backoffMs);
    // Backing off 1, 2, 4, 8 times the first: 15 s by default from the first attempt to the last.
    expect(deliveries[4].at - deliveries[0].at).toBeGreaterThanOrEqual(14 * backoffMs);
    const deliveryId = String(deliveries[0].headers['x-crawlgate-delivery']);
    // Given up at the fifth attempt: none follows.
    expect(await waitForLogLine(['"msg":"webhook given up"', deliveryId])).toMatchObject({ attempt: 5 });
    expect(receiver.deliveries.filter((delivery) => delivery.path === path)).toHaveLength(5);
    expect(appLog()).not.toContain(`receiver-secret-${org.id}`);
  }, 60_000);

  it('retries a receiver that does not answer within 10 s, without slowing the job', async () => {
    const org = await hookedOrganization();
    const path = `/hang-1/${org.id}`;
    const started = Date.now();
    const answer = await call('/crawl', { key: org.apiKey, query: { url: page('/static'), js: 'false', webhook_url: `${receiver.url}${path}` } });
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(8000);
    const deliveries = await receiver.waitFor(path, 2, 30_000);
    // 10 s of silence, then the first backoff.
    expect(deliveries[1].at - deliveries[0].at).toBeGreaterThanOrEqual(10_000 + 0.5 * backoffMs);
    expect(deliveries[1].headers['x-crawlgate-delivery']).toBe(deliveries[0].headers['x-crawlgate-delivery']);
  }, 45_000);

  it("delivers to one organization at once while another's receiver hangs every delivery", async () => {
    const tarpit = await hookedOrganization('standard');
    const hung = Array.from({ length: 8 }, (_, index) => `/hang-9/${tarpit.id}/${index}`);
    const crawls = await Promise.all(hung.map((path) => call('/crawl', { key: tarpit.apiKey, query: { url: page('/static'), js: 'false', webhook_url: `${receiver.url}${path}` } })));
    expect(crawls.map((answer) => answer.status)).toEqual(hung.map(() => 200));
    // The tarpit's deliveries are under way (each holds its sender for 10 s) before the other organization's job ends.
    for (const until = Date.now() + 10_000; receiver.deliveries.filter((entry) => hung.includes(entry.path)).length < 2 && Date.now() < until; ) {
      await new Promise((done) => setTimeout(done, 50));
    }
    const other = await hookedOrganization();
    const path = `/prompt/${other.id}`;
    const answer = await call('/crawl', { key: other.apiKey, query: { url: page('/static'), js: 'false', webhook_url: `${receiver.url}${path}` } });
    expect(answer.status).toBe(200);
    const answeredAt = Date.now();
    const [delivery] = await receiver.waitFor(path, 1, 15_000);
    expect(delivery.at - answeredAt).toBeLessThan(3000);
  }, 45_000);

  it('reports a failed job with its error', async () => {
    const org = await hookedOrganization();
    const path = `/failed/${org.id}`;
    const answer = await call('/crawl', { key: org.apiKey, query: { url: 'http://127.0.0.1:9/closed', webhook_url: `${receiver.url}${path}` } });
    expect(answer.status).toBe(500);
    const [delivery] = await receiver.waitFor(path, 1);
    expect(JSON.parse(delivery.body)).toMatchObject({ job_id: answer.headers.get('x-job-id'), status: 'failed', error: answer.body.error });
    expect(typeof answer.body.error).toBe('string');
  });

  it('refuses a webhook_url that is not http(s) or carries credentials with 422, nothing charged', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 100 });
    for (const bad of ['ftp://127.0.0.1/x', 'http://user:pw@127.0.0.1/x', 'not a url', 'file:///etc/passwd']) {
      const answer = await call('/crawl', { key: org.apiKey, query: { url: page('/static'), webhook_url: bad } });
      expect([answer.status, answer.body]).toEqual([422, { message: expect.any(String), errors: { webhook_url: [expect.any(String)] } }]);
    }
    expect((await call('/account', { key: org.apiKey })).body.credits_remaining).toBe(100);
  });

  it('refuses a webhook_url with 422 on webhook_url until the organization has made a secret, nothing charged', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 100 });
    const path = `/unsigned/${org.id}`;
    const refused = await call('/crawl', { key: org.apiKey, query: { url: page('/static'), js: 'false', webhook_url: `${receiver.url}${path}` } });
    expect([refused.status, refused.body]).toEqual([422, { message: expect.any(String), errors: { webhook_url: [expect.any(String)] } }]);
    expect((await call('/account', { key: org.apiKey })).body.credits_remaining).toBe(100);
    await call('/account/webhook-secret', { key: org.apiKey, method: 'POST' });
    const accepted = await call('/crawl', { key: org.apiKey, query: { url: page('/static'), js: 'false', webhook_url: `${receiver.url}${path}` } });
    expect(accepted.status).toBe(200);
    expect(await receiver.waitFor(path, 1)).toHaveLength(1);
  });

  it('makes secrets with the header key only; a new secret replaces the old one', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 100 });
    expect((await call('/account/webhook-secret', { method: 'POST', query: { key: org.apiKey } })).status).toBe(401);
    const first = await call('/account/webhook-secret', { key: org.apiKey, method: 'POST' });
    const second = await call('/account/webhook-secret', { key: org.apiKey, method: 'POST' });
    expect(second.body.secret).not.toBe(first.body.secret);
    const path = `/rotated/${org.id}`;
    await call('/crawl', { key: org.apiKey, query: { url: page('/static'), js: 'false', webhook_url: `${receiver.url}${path}` } });
    const [delivery] = await receiver.waitFor(path, 1);
    expect(verify(String(delivery.headers['x-crawlgate-signature']), second.body.secret, delivery.body).valid).toBe(true);
    expect(verify(String(delivery.headers['x-crawlgate-signature']), first.body.secret, delivery.body).valid).toBe(false);
  });
});

// The shared stack allows private targets (its fixtures live on 127.0.0.1), so the default policy gets an API
// process of its own: same database and Redis, ALLOW_PRIVATE_TARGETS off, no browser (ROLE=api).
describe('webhooks under the default network policy', () => {
  let strict: AppProcess;
  beforeAll(async () => {
    strict = await startAppProcess('webhooks-strict', { ...env.appEnv, ROLE: 'api', ALLOW_PRIVATE_TARGETS: 'false' });
  }, 90_000);
  afterAll(async () => {
    await strict?.stop();
  });

  it('refuses a private webhook_url with 422 on webhook_url, nothing charged', async () => {
    const org = await hookedOrganization();
    for (const hook of [`${receiver.url}/private`, 'http://10.0.0.7/hook', 'http://169.254.169.254/latest', 'http://localhost:8080/', 'http://[::1]/x']) {
      const response = await fetch(`${strict.baseUrl}/crawl?${new URLSearchParams({ url: 'http://93.184.215.14/', webhook_url: hook })}`, {
        headers: { authorization: `Bearer ${org.apiKey}` },
      });
      const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
      expect([response.status, Object.keys(body.errors)]).toEqual([422, ['webhook_url']]);
    }
    expect((await call('/account', { key: org.apiKey })).body.credits_remaining).toBe(100);
  });
});
