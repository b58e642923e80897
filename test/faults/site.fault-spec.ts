import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ledger } from '../factories/organization.factory.js';
import { startSiteFixture, SiteFixture } from '../fixtures/site-fixture.js';
import { ADMIN_TOKEN, FaultStack } from './harness/fault-stack.js';

// decisions 9.3 "Crashes": a site crawl's frontier is rows, so a worker killed mid-page and a Redis restarted empty
// each cost time, never a page or a credit. Injected for real into processes this file starts.
jest.setTimeout(240_000);
const PAGES = 41;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  for (const until = Date.now() + timeoutMs; !(await check()); await sleep(100)) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
  }
}

describe('site crawl faults', () => {
  let stack: FaultStack;
  let fixture: SiteFixture;
  const report: Record<string, unknown> = {};

  beforeAll(async () => {
    stack = await FaultStack.start('site');
    await stack.startWorker();
    await stack.startWorker();
    fixture = await startSiteFixture({ many: PAGES - 1, pageMs: 600 });
  }, 180_000);

  afterAll(async () => {
    process.stdout.write(`site fault report: ${JSON.stringify(report)}\n`);
    await fixture?.close();
    await stack?.stop();
  });

  async function post(key: string, site = fixture): Promise<string> {
    site.reset();
    const response = await fetch(new URL(`/site?url=${encodeURIComponent(`${site.origin}/docs/many/`)}&js=false&sitemap=skip`, stack.api!.baseUrl), {
      method: 'POST', headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(202);
    return ((await response.json()) as { job_id: string }).job_id;
  }

  async function allPages(jobId: string, key: string): Promise<{ status: string; credits: number; urls: string[]; failed: number }> {
    const urls: string[] = [];
    let failed = 0;
    let path = `/crawl/${jobId}`;
    for (;;) {
      const answer = await stack.call(path, key);
      urls.push(...(answer.body.pages as Array<{ url: string }>).map((page) => page.url));
      failed += (answer.body.pages as Array<{ error: string | null }>).filter((page) => page.error !== null).length;
      if (answer.body.next === null) return { status: answer.body.status, credits: answer.body.credits_used, urls, failed };
      path = answer.body.next;
      if (answer.body.pages.length === 0) await sleep(300);
    }
  }

  const requestedPages = () => fixture.pagePaths().filter((path) => path.startsWith('/docs/many/'));

  it('kill -9 of the worker holding a page: the page is taken again, the crawl finishes, no page is charged twice', async () => {
    const org = await stack.organization();
    const started = Date.now();
    const jobId = await post(org.apiKey);
    await waitFor('a few pages requested', () => requestedPages().length >= 6);
    const victim = stack.workers.find((worker) => worker.running)!;
    victim.kill9();
    const killedAt = Date.now();
    expect(await victim.gone).toBe(137);
    const result = await allPages(jobId, org.apiKey);
    report.workerKill = { pages: result.urls.length, credits: result.credits, ms: Date.now() - started, msAfterKill: Date.now() - killedAt, requests: requestedPages().length };
    expect(result.status).toBe('done');
    expect(new Set(result.urls).size).toBe(PAGES);
    expect(result.urls).toHaveLength(PAGES);
    expect(result.credits).toBe(PAGES);
    const entries = (await ledger(stack.api!.baseUrl, ADMIN_TOKEN, org.id)).entries;
    expect(entries.filter((entry) => entry.amount < 0)).toHaveLength(PAGES);
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(1000 - PAGES);
    await stack.startWorker();
  });

  it('Redis restarted empty mid-crawl: the waiting pages are queued again from the database and the crawl finishes, each page charged once', async () => {
    const org = await stack.organization();
    const started = Date.now();
    const jobId = await post(org.apiKey);
    await waitFor('a few pages requested', () => requestedPages().length >= 6);
    await stack.redis.down();
    report.redisDownAtPage = requestedPages().length;
    await sleep(1000);
    await stack.redis.up();
    const upAt = Date.now();
    const result = await allPages(jobId, org.apiKey);
    report.redisRestart = { pages: result.urls.length, credits: result.credits, ms: Date.now() - started, msAfterRestart: Date.now() - upAt, requests: requestedPages().length };
    expect(result.status).toBe('done');
    expect(new Set(result.urls).size).toBe(PAGES);
    expect(result.urls).toHaveLength(PAGES);
    // A page whose work met the outage is recorded failed and refunded (our side): every other page is charged once.
    expect(result.credits).toBe(PAGES - result.failed);
    report.redisRestartFailedPages = result.failed;
    const entries = (await ledger(stack.api!.baseUrl, ADMIN_TOKEN, org.id)).entries;
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(1000 - result.credits);
  });

  it('cancelled, then kill -9 of every worker while its pages run: after the restart the crawl ends cancelled by itself, the lost pages dropped and refunded', async () => {
    // decisions 9.4: no new page starts after the cancel, so a page lost with its worker is not taken again; never
    // delivered, it is handed back (9.3: never charged for what the service did not deliver) and the crawl ends.
    const held = await startSiteFixture({ many: 6, manyMs: 25_000 });
    try {
      const org = await stack.organization();
      const jobId = await post(org.apiKey, held);
      const leaves = () => held.begun().filter((path) => /^\/docs\/many\/\d+$/.test(path));
      // SITE_HOST_CONCURRENCY (2): both places at the host held by pages charged and requested, none other charged.
      await waitFor('two pages in flight', () => leaves().length === 2);
      const cancelled = await fetch(new URL(`/crawl/${jobId}`, stack.api!.baseUrl), { method: 'DELETE', headers: { authorization: `Bearer ${org.apiKey}` } });
      expect(cancelled.status).toBe(200);
      expect(((await cancelled.json()) as { status: string }).status).toBe('running');
      for (const worker of stack.workers.filter((one) => one.running)) {
        worker.kill9();
        expect(await worker.gone).toBe(137);
      }
      const killedAt = Date.now();
      await stack.startWorker();
      const ended = await stack.pollUntil(jobId, org.apiKey, (answer) => answer.status !== 202, 90_000);
      report.cancelThenKill = { msAfterKill: Date.now() - killedAt };
      expect([ended.status, ended.body.status, ended.body.stop_reason, ended.body.credits_used]).toEqual([200, 'cancelled', 'cancelled', 1]);
      expect((ended.body.pages as Array<{ url: string }>).map((page) => new URL(page.url).pathname)).toEqual(['/docs/many/']);
      expect(ended.body.counts).toMatchObject({ done: 1, failed: 0 });
      expect(leaves()).toHaveLength(2);
      const entries = (await ledger(stack.api!.baseUrl, ADMIN_TOKEN, org.id)).entries;
      expect([entries.filter((entry) => entry.amount === -1).length, entries.filter((entry) => entry.amount === 1).length]).toEqual([3, 2]);
      expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(999);
      // No longer one of the organization's active crawls (SITE_ACTIVE_PER_ORG).
      expect(stack.mariadb.sql(`SELECT COUNT(*) FROM crawlgate.job WHERE organization_id = '${org.id}' AND status IN ('queued', 'running')`).trim()).toBe('0');
    } finally {
      await held.close();
    }
  });
});
