import { beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization } from '../factories/organization.factory.js';
import type { TestOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call, settle } from '../harness/http.js';
import { processCpuMs } from '../harness/process-cpu.js';

const env = testEnv();
const until = async (check: () => Promise<boolean>, timeoutMs = 15_000) => {
  for (const stop = Date.now() + timeoutMs; !(await check()); await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (Date.now() > stop) throw new Error(`not within ${timeoutMs} ms`);
  }
};
const runningJobs = async (org: TestOrganization) => {
  const jobs = (await call('/account/jobs', { key: org.apiKey })).body.jobs as Array<{ status: string }>;
  return jobs.filter((job) => job.status === 'running').length;
};
/** Cores the app used over `windowMs`: its content threads at work show as most of one core or more. */
const cpuRate = async (windowMs: number) => {
  const before = processCpuMs(env.appPid);
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  return (processCpuMs(env.appPid) - before) / windowMs;
};
const CUBIC = '{"x": {"selector": "a:has(~ a ~ a)", "type": "list"}}';

// issue 36.7: 2 content threads, a FIFO without bound, each task to its job's deadline: one organization's three
// catastrophic selectors timed out every other organization's Markdown on that worker.
describe('content threads: one organization cannot hold every thread while another waits', () => {
  let a: TestOrganization;
  let b: TestOrganization;

  beforeAll(async () => {
    [a, b] = await Promise.all([1, 2].map(() => createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 1000 })));
  });

  it("answers B's Markdown with 200 while A's three catastrophic selectors run", async () => {
    const hostile = Array.from({ length: 3 }, () => call('/crawl', { key: a.apiKey, query: { url: `${env.target.url}/extract/links`, js: 'false', extract: CUBIC } }));
    // A's three jobs run, their 100 KB pages read in a moment, and a thread is busy with their rules (a quarter of a core or more: the app is idle otherwise) before B asks.
    await until(async () => (await runningJobs(a)) === 3);
    await until(async () => (await cpuRate(1_000)) > 0.25);
    const started = Date.now();
    const first = await call('/crawl', { key: b.apiKey, query: { url: `${env.target.url}/extract/product`, js: 'false', format: 'markdown' } });
    const answer = await settle(first, b.apiKey);
    const waited = Date.now() - started;
    console.log(`issue 36.7: B answered ${answer.status} in ${waited} ms`);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Espresso machine');
    expect(waited).toBeLessThan(8_000);
    const ended = await Promise.all(hostile.map(async (pending) => {
      const result = await pending;
      return (await settle(result, a.apiKey)).headers.get('x-error-code');
    }));
    // A's own tasks take turns: the first is stopped at its budget, the later ones may meet their job's deadline waiting.
    expect(ended).toContain('page_too_large');
    expect(ended.every((code) => code === 'page_too_large' || code === 'navigation_timeout')).toBe(true);
  });
});
