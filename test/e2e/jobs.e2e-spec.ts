import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization, getOrganization, ledger, revokeApiKey, usage } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call, CallResult, collect } from '../harness/http.js';

const env = testEnv();
const target = (path: string) => `${env.target.url}${path}`;
function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** Resolves once the target site has received `path`: the job's page is then loading in Chromium. */
async function pageRequested(path: string): Promise<void> {
  for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((done) => setTimeout(done, 50))) {
    const seen = (await (await fetch(`${env.target.url}/__requests`)).json()) as Array<{ path: string }>;
    if (seen.some((request) => request.path === path)) return;
  }
  throw new Error(`the target never saw ${path}`);
}

function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      parent.set(Number(name), Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1]));
    } catch {
      // gone meanwhile
    }
  }
  const isBelow = (pid: number): boolean => {
    for (let current = parent.get(pid); current; current = parent.get(current)) if (current === root) return true;
    return false;
  };
  return [...parent.keys()].filter(isBelow);
}

const SLOW = { url: target('/slow?ms=11000'), js: 'false' };

/** GET /crawl, sent again after the Retry-After of a burst refusal: only the slot (or nothing) can refuse it then. */
async function pastBurst(key: string, query: Record<string, string>): Promise<CallResult> {
  for (;;) {
    const answer = await call('/crawl', { key, query });
    if (answer.status !== 429 || !String(answer.body.message).includes('per second')) return answer;
    await new Promise((done) => setTimeout(done, Number(answer.headers.get('retry-after')) * 1000));
  }
}
const CONCURRENCY_REFUSED = { message: 'The plan allows 1 concurrent requests; back off and retry.' };

describe('job lifecycle: 202, collection, debug, limits', () => {
  let org: { id: string; apiKey: string };
  let other: { id: string; apiKey: string };

  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 500 });
    other = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
  });

  it('answers 202 past SYNC_WAIT_MS, paid and tallied, then collects the page for free', async () => {
    const accepted = await call('/crawl', { key: org.apiKey, query: { url: target('/slow?ms=10000') } });
    expect(accepted.status).toBe(202);
    // service-spec States: a 202 is already paid and already tallied: its attempt now, its crawl once it is done.
    const tallied = (crawls: number) => [{ date: new Date().toISOString().slice(0, 10), host: '127.0.0.1', crawls, attempts: 1, credits: 5 }];
    expect((await call('/account/usage', { key: org.apiKey })).body).toEqual({ days: tallied(0) });
    expect((await usage(env.baseUrl, env.adminToken, org.id)).days).toEqual(tallied(0));
    expect(accepted.headers.get('x-credits-charged')).toBe('5');
    expect(accepted.headers.get('x-credits-remaining')).toBe('495');
    const jobId = accepted.body.job_id as string;
    expect(jobId.startsWith(accepted.headers.get('x-job-id')!.split('_')[0] + '_')).toBe(true);
    // Running, its page not yet answered: the tab as it is (decisions 2: debug is present on a running job), its source
    // empty while the navigation has not committed.
    expect(accepted.body).toMatchObject({ status: 'running', position: null, credits_charged: 5, credits_remaining: 495, error: null });
    expect(accepted.body.debug).toMatchObject({ url: expect.any(String), html: expect.any(String), captured_at: expect.any(String) });
    expect(Buffer.from(accepted.body.debug.screenshot, 'base64').subarray(0, 2).toString('hex')).toBe('ffd8');

    // The worker captures the running page once it has one: poll until its capture is there (the page takes 10 s).
    let running = await call(`/crawl/${jobId}`, { key: org.apiKey });
    for (const until = Date.now() + 8000; running.body.debug === null && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      running = await call(`/crawl/${jobId}`, { key: org.apiKey });
    }
    expect(running.status).toBe(202);
    expect(running.headers.get('x-credits-charged')).toBeNull();
    expect(running.body).not.toHaveProperty('credits_charged');
    expect(running.body.status).toBe('running');
    expect(running.body.debug).toMatchObject({ url: expect.any(String), html: expect.any(String), captured_at: expect.any(String) });
    expect(Buffer.from(running.body.debug.screenshot, 'base64').subarray(0, 2).toString('hex')).toBe('ffd8');

    const finished = await collect(jobId, org.apiKey);
    expect(finished.status).toBe(200);
    expect(finished.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(finished.headers.get('x-target-status')).toBe('200');
    expect(finished.headers.get('x-credits-charged')).toBeNull();
    expect(finished.headers.get('x-credits-remaining')).toBeNull();
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(495);
    expect((await call('/account/usage', { key: org.apiKey })).body).toEqual({ days: tallied(1) });
    expect((await usage(env.baseUrl, env.adminToken, org.id)).days).toEqual(tallied(1));
  });

  it('hides another organization’s job behind the same 404 as an unknown id', async () => {
    const done = await call('/crawl', { key: org.apiKey, query: { url: target('/static'), js: 'false' } });
    const jobId = done.headers.get('x-job-id')!;
    const foreign = await call(`/crawl/${jobId}`, { key: other.apiKey });
    const unknown = await call(`/crawl/${jobId.split('_')[0]}_DOESNOTEXIST`, { key: other.apiKey });
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body).toEqual({ message: 'No such job.' });
  });

  it('authenticates job collection by header only: the key parameter is refused', async () => {
    const done = await call('/crawl', { key: org.apiKey, query: { url: target('/static'), js: 'false' } });
    const jobId = done.headers.get('x-job-id')!;
    expect((await call(`/crawl/${jobId}`, { query: { key: org.apiKey } })).status).toBe(401);
    expect((await call(`/crawl/${jobId}`, { key: org.apiKey, query: { key: 'nonsense' } })).status).toBe(200);
  });

  it('checks the key before the job on collection: a wrong or revoked key is 401 whatever the id, a live one 404 on a malformed id', async () => {
    const owner = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 10 });
    const done = await call('/crawl', { key: owner.apiKey, query: { url: target('/static'), js: 'false' } });
    const jobId = done.headers.get('x-job-id')!;
    expect((await call(`/crawl/${jobId}`, { key: owner.apiKey })).status).toBe(200);
    const wrong = await call(`/crawl/${jobId}`, { key: 'cg_wrong' });
    expect([wrong.status, wrong.body]).toEqual([401, { message: expect.any(String) }]);
    const malformed = await call('/crawl/not-a-job-id', { key: owner.apiKey });
    expect([malformed.status, malformed.body]).toEqual([404, { message: 'No such job.' }]);
    expect((await call('/crawl/not-a-job-id', { key: 'cg_wrong' })).status).toBe(401);
    await revokeApiKey(env.baseUrl, env.adminToken, owner.apiKeyId);
    expect((await call(`/crawl/${jobId}`, { key: owner.apiKey })).status).toBe(401);
  });

  it('accepts the key parameter on GET /crawl, but not over a header', async () => {
    const byParam = await call('/crawl', { query: { url: target('/static'), js: 'false', key: org.apiKey } });
    expect(byParam.status).toBe(200);
    const badHeader = await call('/crawl', { key: 'cg_wrong', query: { url: target('/static'), js: 'false', key: org.apiKey } });
    expect(badHeader.status).toBe(401);
    expect(badHeader.body).toEqual({ message: expect.any(String) });
    expect((await call('/crawl', { query: { url: target('/static') } })).status).toBe(401);
  });

  it('gives a free organization one slot: the second concurrent request is 429 and succeeds once the first ends', async () => {
    const free = await createOrganization(env.baseUrl, env.adminToken, { plan: 'free' });
    const first = await call('/crawl', { key: free.apiKey, query: SLOW });
    expect(first.status).toBe(202);
    const second = await pastBurst(free.apiKey, { url: target('/static'), js: 'false' });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(second.body).toEqual({ message: expect.any(String) });
    expect((await collect(first.body.job_id, free.apiKey)).status).toBe(200);
    const third = await pastBurst(free.apiKey, { url: target('/static'), js: 'false' });
    expect(third.status).toBe(200);
    expect((await getOrganization(env.baseUrl, env.adminToken, free.id)).credits_remaining).toBe(1000 - 1 - 1);
  });

  it('refuses with 402 when the balance does not cover the price, recording nothing', async () => {
    const poor = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 3 });
    const result = await call('/crawl', { key: poor.apiKey, query: { url: target('/static') } });
    expect(result.status).toBe(402);
    expect(result.body).toEqual({ message: expect.any(String) });
    expect((await getOrganization(env.baseUrl, env.adminToken, poor.id)).credits_remaining).toBe(3);
    expect((await ledger(env.baseUrl, env.adminToken, poor.id)).entries).toHaveLength(1);
  });

  /** Every 200/500 job after a kill: the one sent in the moment the service learns of it may still land on the dying tab. */
  const servedAfterCrash = async (): Promise<CallResult> => {
    let next = await call('/crawl', { key: org.apiKey, query: { url: target('/static'), js: 'false' } });
    for (let tries = 1; tries < 10 && next.status === 500 && next.headers.get('x-error-code') === 'browser_crashed'; tries++) {
      expect(next.body.credits_charged).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      next = await call('/crawl', { key: org.apiKey, query: { url: target('/static'), js: 'false' } });
    }
    return next;
  };
  const timesRequested = async (path: string) =>
    ((await (await fetch(`${env.target.url}/__requests`)).json()) as Array<{ path: string }>).filter((request) => request.path === path).length;

  it('fails a job as browser_crashed when its page\'s renderer is killed mid-job, refunds it, and serves the next one', async () => {
    const path = `/slow?ms=4000&crash=${Date.now()}`;
    const pending = call('/crawl', { key: org.apiKey, query: { url: target(path) } });
    await pageRequested(path);
    for (const pid of descendants(env.appPid).filter((pid) => commandOf(pid).includes('--type=renderer'))) process.kill(pid, 'SIGKILL');
    const crashed = await pending;
    expect(crashed.status).toBe(500);
    expect(crashed.headers.get('x-error-code')).toBe('browser_crashed');
    expect(crashed.body.credits_charged).toBe(0);
    expect(await timesRequested(path)).toBe(1);
    expect((await servedAfterCrash()).status).toBe(200);
  });

  it('runs a job again on a new browser when Chromium itself is killed mid-job: answered, charged once', async () => {
    const path = `/slow?ms=3000&browser=${Date.now()}`;
    const pending = call('/crawl', { key: org.apiKey, query: { url: target(path) } });
    await pageRequested(path);
    // The browser process alone (Debian's chromium-headless-shell is a wrapper script; its renderers are not killed
    // first, which the page would report as its own crash, not retried): its pages go with it.
    const browsers = descendants(env.appPid).filter((pid) => commandOf(pid).split('\0')[0].includes('chrom') && !commandOf(pid).includes('--type='));
    expect(browsers).toHaveLength(1);
    process.kill(browsers[0], 'SIGKILL');
    const served = await pending;
    expect(served.status).toBe(200);
    expect(served.headers.get('x-credits-charged')).toBe('5');
    expect(await timesRequested(path)).toBe(2);
    expect((await servedAfterCrash()).status).toBe(200);
  });

  it('keeps a free organization at 429 for as long as its first job is queued or running, leases lapsing many times over', async () => {
    const lease = Number(env.appEnv.SLOT_LEASE_MS);
    const free = await createOrganization(env.baseUrl, env.adminToken, { plan: 'free' });
    // Every page of the worker busy for 10 s: the free job waits in the queue for more than two leases, then runs for more than one.
    const blockers = Array.from({ length: Number(env.appEnv.BROWSER_CONCURRENCY) }, (_, i) => `/slow?ms=10000&blocker=${i}-${Date.now()}`);
    const blocked = blockers.map((path) => call('/crawl', { key: org.apiKey, query: { url: target(path), js: 'false' } }));
    for (const path of blockers) await pageRequested(path);
    const firstPath = `/slow?ms=${lease + 1500}&backlog=${Date.now()}`;
    const first = call('/crawl', { key: free.apiKey, query: { url: target(firstPath), js: 'false' } });
    let firstId: string | undefined;
    void first.then((accepted) => (firstId = accepted.headers.get('x-job-id') ?? undefined));
    const refusals: number[] = [];
    const started = Date.now();
    for (;;) {
      // One probe a second and a bit: within the free plan's burst, so only the slot can refuse it.
      await new Promise((done) => setTimeout(done, 1100));
      const probe = await call('/crawl', { key: free.apiKey, query: { url: target('/static'), js: 'false' } });
      if (probe.status === 429) {
        expect(probe.body).toEqual(CONCURRENCY_REFUSED);
        refusals.push(Date.now() - started);
        continue;
      }
      // Accepted only once the first job has ended (its answer, 202 after SYNC_WAIT_MS, names it).
      expect({ probe: probe.status, first: firstId && (await call(`/crawl/${firstId}`, { key: free.apiKey })).status, refusals }).toEqual({ probe: 200, first: 200, refusals });
      break;
    }
    const accepted = await first;
    // Answered after SYNC_WAIT_MS while every page was still busy: queued, the next in line.
    expect([accepted.status, accepted.body.status, accepted.body.position]).toEqual([202, 'queued', 1]);
    expect(refusals.length).toBeGreaterThanOrEqual(Math.ceil((3 * lease) / 1100));
    expect(refusals[refusals.length - 1]).toBeGreaterThan(3 * lease);
    for (const answer of await Promise.all(blocked)) expect(answer.status).toBe(202);
  });
});
