import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startWebhookReceiver, WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { createOrganization, getOrganization, ledger, TestOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call, CallResult, collect } from '../harness/http.js';
import { scrape, value } from '../harness/metrics.js';
import { AnswerChecker, OpenApiDocument } from '../harness/openapi-check.js';

const env = testEnv();
const target = (path: string) => `${env.target.url}${path}`;
const CANCELLED_ERROR = 'The job was cancelled before it started.';
const NOT_FOUND = { message: 'No such job.' };

const requested = async (): Promise<string[]> => ((await (await fetch(target('/__requests'))).json()) as Array<{ path: string }>).map((r) => r.path);

/** Resolves once the target has received `path`: the job's page is then loading in Chromium. */
async function pageRequested(path: string): Promise<void> {
  for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((done) => setTimeout(done, 50))) {
    if ((await requested()).includes(path)) return;
  }
  throw new Error(`the target never saw ${path}`);
}

/** The newest job of the organization, once its request has been charged (the request itself is still waiting). */
async function newestJob(key: string): Promise<string> {
  for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((done) => setTimeout(done, 50))) {
    const jobs = (await call('/account/jobs', { key, query: { limit: '1' } })).body.jobs as Array<{ job_id: string }>;
    if (jobs.length > 0) return jobs[0].job_id;
  }
  throw new Error('no job appeared');
}

/** A metered call sent again after the Retry-After of a burst refusal: only the slot (or nothing) can refuse it then. */
async function pastBurst(path: string, key: string, query: Record<string, string>): Promise<CallResult> {
  for (;;) {
    const answer = await call(path, { key, query });
    if (answer.status !== 429 || !String(answer.body.message).includes('per second')) return answer;
    await new Promise((done) => setTimeout(done, Number(answer.headers.get('retry-after')) * 1000));
  }
}

const KEYED_PATH = `/static?cancel-e=${Date.now()}`;
const keyedCrawl = (key?: string) => call('/crawl', { key, headers: { 'Idempotency-Key': 'cancel-e' }, query: { url: target(KEYED_PATH), js: 'false' } });

const cancel = (jobId: string, key?: string, query?: Record<string, string>) => call(`/crawl/${jobId}`, { method: 'DELETE', key, query });

describe('DELETE /crawl/{job} (decisions 9.4)', () => {
  let receiver: WebhookReceiver;
  let checker: AnswerChecker;
  let busy: TestOrganization;
  let free: TestOrganization;
  let other: TestOrganization;
  let keyed: TestOrganization;
  const tag = Date.now();
  const blockers = Array.from({ length: Number(env.appEnv.BROWSER_CONCURRENCY) }, (_, i) => `/slow?ms=20000&cancel-blocker=${i}-${tag}`);
  const pathA = `/static?cancel-a=${tag}`;
  const pathC = `/static?cancel-c=${tag}`;
  let blocked: Promise<CallResult[]>;
  const crawlA = () => call('/crawl', { key: free.apiKey, headers: { 'Idempotency-Key': 'cancel-a' }, query: { url: target(pathA), js: 'false', webhook_url: `${receiver.url}/cancel/${tag}` } });
  let waitingA: Promise<CallResult>;
  let waitingD: Promise<CallResult>;
  let waitingE: Promise<CallResult>;
  let jobA: string;
  let jobD: string;
  let cancelledA: CallResult;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    checker = new AnswerChecker((await call('/openapi.json')).body as unknown as OpenApiDocument);
    busy = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    free = await createOrganization(env.baseUrl, env.adminToken, { plan: 'free' });
    other = await createOrganization(env.baseUrl, env.adminToken, { plan: 'free' });
    keyed = await createOrganization(env.baseUrl, env.adminToken, { plan: 'free', credits: 10 });
    expect((await call('/account/webhook-secret', { key: free.apiKey, method: 'POST' })).status).toBe(201);
    // Every page of the worker busy: the jobs below wait in the queue.
    blocked = Promise.all(blockers.map((path) => call('/crawl', { key: busy.apiKey, query: { url: target(path), js: 'false' } })));
    for (const path of blockers) await pageRequested(path);
    waitingA = crawlA();
    jobA = await newestJob(free.apiKey);
    waitingD = call('/screenshot', { key: other.apiKey, query: { url: target(`/static?cancel-d=${tag}`) } });
    jobD = await newestJob(other.apiKey);
    // Third in line (the same plan as A and D) behind the blockers' 20 s: answered 202 at SYNC_WAIT_MS (8 s), still queued.
    waitingE = keyedCrawl(keyed.apiKey);
  });
  afterAll(async () => {
    await blocked;
    await receiver.close();
  });

  it('cancels a queued crawl: 200 with its envelope, the waiting request answered as a refunded failure, the line and the slot let go', async () => {
    expect([(await call(`/crawl/${jobA}`, { key: free.apiKey })).body.position, (await call(`/crawl/${jobD}`, { key: other.apiKey })).body.position]).toEqual([1, 2]);
    // The free plan's one slot is held by the queued job.
    expect((await pastBurst('/crawl', free.apiKey, { url: target('/static'), js: 'false' })).body).toEqual({ message: 'The plan allows 1 concurrent requests; back off and retry.' });
    cancelledA = await cancel(jobA, free.apiKey);
    expect(cancelledA.status).toBe(200);
    expect(checker.check('DELETE', '/crawl/{job}', cancelledA)).toBe('application/json');
    expect(cancelledA.body).toEqual({
      url: target(pathA), domain: '127.0.0.1', premium: false, js: false, ai_query: '', city: '', data: {},
      job_id: jobA, status: 'cancelled', position: null, error: CANCELLED_ERROR, debug: null,
    });
    const waited = await waitingA;
    expect([waited.status, waited.headers.get('x-error-code'), waited.headers.get('x-credits-charged'), waited.headers.get('x-credits-remaining')]).toEqual([500, 'cancelled', '0', '1000']);
    expect(waited.body).toMatchObject({ job_id: jobA, status: 'cancelled', error: CANCELLED_ERROR, credits_charged: 0, credits_remaining: 1000 });
    // Out of the line: the job behind it moves up.
    expect((await call(`/crawl/${jobD}`, { key: other.apiKey })).body.position).toBe(1);
    expect((await getOrganization(env.baseUrl, env.adminToken, free.id)).credits_remaining).toBe(1000);
  });

  it('answers 200 again, the same envelope, to a second cancel; collecting it is 500 with status cancelled', async () => {
    const again = await cancel(jobA, free.apiKey);
    expect([again.status, again.body]).toEqual([200, cancelledA.body]);
    const collected = await call(`/crawl/${jobA}`, { key: free.apiKey });
    expect([collected.status, collected.headers.get('x-error-code'), collected.body]).toEqual([500, 'cancelled', cancelledA.body]);
  });

  it('answers 409 for a running job and leaves it running', async () => {
    const running = (await call('/account/jobs', { key: busy.apiKey })).body.jobs as Array<{ job_id: string; status: string }>;
    expect(running.map((job) => job.status)).toEqual(blockers.map(() => 'running'));
    const refused = await cancel(running[0].job_id, busy.apiKey);
    expect([refused.status, refused.body]).toEqual([409, { message: 'The job is running; only a queued job can be cancelled.' }]);
    expect(checker.check('DELETE', '/crawl/{job}', refused)).toBe('application/json');
    expect((await call(`/crawl/${running[0].job_id}`, { key: busy.apiKey })).status).toBe(202);
  });

  it('hides another organization\'s job behind the same 404 as an unknown id, and takes the key in the header only', async () => {
    const foreign = await cancel(jobA, other.apiKey);
    const unknown = await cancel(`${jobA.split('_')[0]}_DOESNOTEXIST`, free.apiKey);
    expect([foreign.status, foreign.body, unknown.status, unknown.body]).toEqual([404, NOT_FOUND, 404, NOT_FOUND]);
    expect(checker.check('DELETE', '/crawl/{job}', foreign)).toBe('application/json');
    const byQuery = await cancel(jobD, undefined, { key: other.apiKey });
    expect([byQuery.status, byQuery.body]).toEqual([401, { message: 'A valid organization API key is required.' }]);
    expect((await call(`/crawl/${jobD}`, { key: other.apiKey })).body.status).toBe('queued');
  });

  it('cancels a queued screenshot too, refunded with its daily count', async () => {
    const cancelled = await cancel(jobD, other.apiKey);
    expect([cancelled.status, cancelled.body.status, cancelled.body.error, cancelled.body.screenshot ?? null]).toEqual([200, 'cancelled', CANCELLED_ERROR, null]);
    const waited = await waitingD;
    expect([waited.status, waited.body.status, waited.body.credits_charged, waited.body.credits_remaining]).toEqual([500, 'cancelled', 0, 1000]);
    expect((await call('/account', { key: other.apiKey })).body.daily_limit).toEqual({ limit: 20, used: 0 });
  });

  it('replays a job cancelled after its 202 with the first charge (7.3), and one cancelled inside its wait with none', async () => {
    const first = await waitingE;
    expect([first.status, first.headers.get('x-credits-charged'), first.headers.get('x-credits-remaining'), first.body.status]).toEqual([202, '1', '9', 'queued']);
    const jobE = first.headers.get('x-job-id')!;
    expect((await cancel(jobE, keyed.apiKey)).body.status).toBe('cancelled');
    const replayed = await keyedCrawl(keyed.apiKey);
    expect([replayed.status, replayed.headers.get('x-job-id'), replayed.headers.get('idempotent-replayed'), replayed.headers.get('x-error-code')])
      .toEqual([500, jobE, 'true', 'cancelled']);
    // The first answer charged 1; the cancel handed it back since (the balance says so), the replay repeats the charge.
    expect([replayed.headers.get('x-credits-charged'), replayed.headers.get('x-credits-remaining')]).toEqual(['1', '10']);
    expect(replayed.body).toMatchObject({ job_id: jobE, status: 'cancelled', error: CANCELLED_ERROR, credits_charged: 1, credits_remaining: 10 });
    // A's first answer came after its cancel, refunded: its replay repeats that charge of 0.
    const replayedA = await crawlA();
    expect([replayedA.status, replayedA.headers.get('x-job-id'), replayedA.headers.get('idempotent-replayed'), replayedA.headers.get('x-credits-charged')])
      .toEqual([500, jobA, 'true', '0']);
  });

  it('never starts a cancelled job: the next job of the freed slot runs after the worker passed it, and the target never saw it', async () => {
    const next = await pastBurst('/crawl', free.apiKey, { url: target(pathC), js: 'false' });
    expect([202, 200]).toContain(next.status);
    const jobC = next.headers.get('x-job-id')!;
    expect((await collect(jobC, free.apiKey)).status).toBe(200);
    for (const answer of await blocked) expect(answer.status).toBe(202);
    // Same plan priority, queued later: the worker took (and skipped) A before it took C.
    const seen = await requested();
    expect([seen.includes(pathC), seen.includes(pathA), seen.some((path) => path.includes(`cancel-d=${tag}`)), seen.includes(KEYED_PATH)]).toEqual([true, false, false, false]);
    const done = await cancel(jobC, free.apiKey);
    expect([done.status, done.body]).toEqual([409, { message: 'The job has ended (done); only a queued job can be cancelled.' }]);
  });

  it('refunds in full exactly once: one charge and one refund in the ledger, and the balance equals it', async () => {
    const entries = (await ledger(env.baseUrl, env.adminToken, free.id)).entries.filter((entry) => entry.job_id === jobA);
    expect(entries.map((entry) => [entry.amount, entry.reason]).sort()).toEqual([[-1, 'crawl 127.0.0.1'], [1, 'refund: cancelled before it started']].sort());
    expect((await getOrganization(env.baseUrl, env.adminToken, free.id)).credits_remaining).toBe(1000 - 1);
  });

  it('shows the cancelled status in /account/jobs, the webhook, and the metrics', async () => {
    const jobs = (await call('/account/jobs', { key: free.apiKey })).body.jobs as Array<Record<string, unknown>>;
    expect(jobs.find((job) => job.job_id === jobA)).toEqual({
      job_id: jobA, kind: 'crawl', status: 'cancelled', host: '127.0.0.1', credits: 0,
      created_at: expect.any(String), finished_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), error: CANCELLED_ERROR,
    });
    const [delivery] = await receiver.waitFor(`/cancel/${tag}`, 1);
    expect(JSON.parse(delivery.body)).toEqual({
      event: 'job.finished', job_id: jobA, kind: 'crawl', status: 'cancelled', error: CANCELLED_ERROR, finished_at: expect.stringMatching(/Z$/),
    });
    const samples = await scrape();
    expect([value(samples, 'crawlgate_jobs_total{kind="crawl",outcome="cancelled"}'), value(samples, 'crawlgate_jobs_total{kind="screenshot",outcome="cancelled"}')]).toEqual([2, 1]);
  });
});
