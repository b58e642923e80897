import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { createOrganization } from '../factories/organization.factory.js';
import { startAppProcess } from '../harness/app-process.js';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';
import { parseSamples, Samples, scrape, scrapeUntil, value } from '../harness/metrics.js';

const env = testEnv();
const UNREACHABLE = 'http://127.0.0.1:9/nothing';

/** No job queued, running or holding a page: counters can then only move because of this file. */
const quiet = (s: Samples): boolean =>
  value(s, 'crawlgate_queue_jobs{state="waiting"}') + value(s, 'crawlgate_queue_jobs{state="active"}') + value(s, 'crawlgate_browser_pages_open') === 0;

/** The proxy's name in crawlgate_proxy_up: its server without credentials. */
const proxyName = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.hostname}:${parsed.port}`;
};

describe('GET /metrics: who may read it', () => {
  it('answers 401 without the admin token, with a wrong one and with an organization key', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 10 });
    const answers = await Promise.all([call('/metrics'), call('/metrics', { key: 'wrong-token' }), call('/metrics', { key: org.apiKey })]);
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual(Array(3).fill([401, { message: 'A valid admin or metrics token is required.' }]));
  });

  it('answers the Prometheus text format with the default process metrics and every crawlgate series', async () => {
    const answer = await call('/metrics', { key: env.adminToken });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const samples = parseSamples(answer.text);
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_total_bytes']) expect(samples.has(name)).toBe(true);
    for (const state of ['waiting', 'active', 'delayed', 'failed', 'completed']) expect(samples.has(`crawlgate_queue_jobs{state="${state}"}`)).toBe(true);
    for (const name of ['crawlgate_browser_pages_open', 'crawlgate_browser_launches_total', 'crawlgate_credits_charged_total', 'crawlgate_credits_refunded_total']) {
      expect(samples.has(name)).toBe(true);
    }
    for (const type of ['crawlgate_http_requests_total counter', 'crawlgate_jobs_total counter', 'crawlgate_job_duration_seconds histogram']) {
      expect(answer.text).toContain(`# TYPE ${type}`);
    }
  });
});

describe('GET /metrics: a site crawl\'s end (decisions 7.5)', () => {
  it('counts it once in crawlgate_jobs_total and crawlgate_job_duration_seconds with kind="site"', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    const before = await scrapeUntil(quiet, 60_000);
    const accepted = await call('/site', { key: org.apiKey, method: 'POST', query: { url: `${env.target.url}/static`, js: 'false', max_depth: '0' } });
    expect(accepted.status).toBe(202);
    const ended = (s: Samples) => value(s, 'crawlgate_jobs_total{kind="site",outcome="done"}') - value(before, 'crawlgate_jobs_total{kind="site",outcome="done"}') >= 1;
    const after = await scrapeUntil((s) => quiet(s) && ended(s), 30_000);
    const delta = (key: string) => value(after, key) - value(before, key);
    expect([delta('crawlgate_jobs_total{kind="site",outcome="done"}'), delta('crawlgate_job_duration_seconds_count{kind="site"}')]).toEqual([1, 1]);
    expect(delta('crawlgate_job_duration_seconds_sum{kind="site"}')).toBeGreaterThan(0);
  });
});

describe('GET /metrics: counters after crawls', () => {
  let org: Awaited<ReturnType<typeof createOrganization>>;
  let before: Samples;
  let after: Samples;
  let text: string;

  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 100 });
    before = await scrapeUntil(quiet, 60_000);
    const done = await call('/crawl', { key: org.apiKey, query: { url: `${env.target.url}/static`, js: 'false' } });
    const failed = await call('/crawl', { key: org.apiKey, query: { url: UNREACHABLE, js: 'false' } });
    expect([done.status, failed.status, failed.headers.get('x-error-code')]).toEqual([200, 500, 'target_unreachable']);
    // The answer can leave before the worker has counted the job's end and before the HTTP hook ran.
    after = await scrapeUntil((s) => quiet(s) && value(s, 'crawlgate_job_duration_seconds_count{kind="crawl"}') - value(before, 'crawlgate_job_duration_seconds_count{kind="crawl"}') >= 2);
    text = (await call('/metrics', { key: env.adminToken })).text;
  });

  const delta = (key: string): number => value(after, key) - value(before, key);

  it('moves each counter by exactly what the two crawls did', () => {
    expect({
      ok: delta('crawlgate_http_requests_total{method="GET",route="/crawl",status="200"}'),
      refunded500: delta('crawlgate_http_requests_total{method="GET",route="/crawl",status="500"}'),
      done: delta('crawlgate_jobs_total{kind="crawl",outcome="done"}'),
      failed: delta('crawlgate_jobs_total{kind="crawl",outcome="failed"}'),
      unreachable: delta('crawlgate_job_failures_total{code="target_unreachable",kind="crawl"}'),
      durations: delta('crawlgate_job_duration_seconds_count{kind="crawl"}'),
      screenshots: delta('crawlgate_jobs_total{kind="screenshot",outcome="done"}'),
      charged: delta('crawlgate_credits_charged_total'),
      refunded: delta('crawlgate_credits_refunded_total'),
    }).toEqual({ ok: 1, refunded500: 1, done: 1, failed: 1, unreachable: 1, durations: 2, screenshots: 0, charged: 2, refunded: 1 });
    expect(delta('crawlgate_job_duration_seconds_sum{kind="crawl"}')).toBeGreaterThan(0);
  });

  it('shows the browser launched and idle again, the queue empty, both proxies up', () => {
    expect(value(after, 'crawlgate_browser_launches_total')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'crawlgate_browser_pages_open')).toBe(0);
    expect(value(after, 'crawlgate_queue_jobs{state="active"}')).toBe(0);
    expect(value(after, `crawlgate_proxy_up{proxy="${proxyName(env.proxies.standard.url)}",tier="standard"}`)).toBe(1);
    expect(value(after, `crawlgate_proxy_up{proxy="${proxyName(env.proxies.premium.url)}",tier="premium"}`)).toBe(1);
  });

  it('labels nothing with an organization, a key, a job or a target URL', () => {
    for (const secret of [org.id, org.apiKey, '/static', '/nothing', env.adminToken]) expect(text).not.toContain(secret);
    const labelValues = [...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1]);
    expect(labelValues.every((route) => route === 'unmatched' || route.startsWith('/'))).toBe(true);
    expect(labelValues.filter((route) => route.includes('?'))).toEqual([]);
  });
});

describe('GET /metrics: proxy health', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(env.redisUrl);
  });
  afterAll(async () => {
    await redis.del('crawlgate:proxy:down:premium:0');
    await redis.quit();
  });

  it('shows a proxy set aside as 0 and back at 1 once it is in service again', async () => {
    const premium = `crawlgate_proxy_up{proxy="${proxyName(env.proxies.premium.url)}",tier="premium"}`;
    // Set aside for refusing its credentials, as the relay writes it: reachable, and still out of service.
    await redis.set('crawlgate:proxy:down:premium:0', `auth:${Date.now()}`, 'PX', 60_000);
    expect(value(await scrape(), premium)).toBe(0);
    await redis.del('crawlgate:proxy:down:premium:0');
    expect(value(await scrape(), premium)).toBe(1);
  });
});

describe('GET /metrics in a split deployment', () => {
  it('is served by a worker-only process, which serves nothing else but health', async () => {
    const worker = await startAppProcess('metrics-worker', { ...env.appEnv, ROLE: 'worker' });
    try {
      const samples = await scrape(worker.baseUrl);
      expect(samples.get('crawlgate_browser_pages_open')).toBe(0);
      expect(samples.has('crawlgate_queue_jobs{state="waiting"}')).toBe(true);
      const unauthorized = await fetch(`${worker.baseUrl}/metrics`);
      const account = await fetch(`${worker.baseUrl}/account`, { headers: { authorization: `Bearer ${env.adminToken}` } });
      expect([unauthorized.status, account.status]).toEqual([401, 404]);
    } finally {
      await worker.stop();
    }
  });
});

describe('without ADMIN_TOKEN', () => {
  it('has /metrics and /admin/queues off (401, no password challenge), as the admin API is, and still serves the dashboard', async () => {
    const appEnv: Record<string, string> = { ...env.appEnv, ROLE: 'api' };
    delete appEnv.ADMIN_TOKEN;
    const api = await startAppProcess('metrics-no-admin', appEnv);
    try {
      const answers = await Promise.all(
        ['/metrics', '/admin/queues', '/admin/queues/api/queues', '/admin/organizations/any', '/dashboard'].map((path) => fetch(`${api.baseUrl}${path}`, { headers: { authorization: 'Bearer anything' } })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 200]);
      expect(answers.map((answer) => answer.headers.get('www-authenticate'))).toEqual([null, null, null, null, null]);
      expect(await answers[1].json()).toEqual({ message: 'The queue dashboard is off: ADMIN_TOKEN is unset.' });
    } finally {
      await api.stop();
    }
  });
});
