import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'puppeteer';
import type { BrowserCluster } from '../../src/infra/browser/browser-cluster.js';
import type { PageSession } from '../../src/infra/browser/page-options.js';
import type { HostVerdict, NetworkPolicy } from '../../src/infra/network/network-policy.js';
import { startTargetSite, TargetSite } from '../fixtures/target-site.js';
import { BUILTIN_ROUTE, PAGE_OPTIONS, RunningCluster, startBrowserCluster, timesFetched, workerConfig } from './browser-harness.js';

// Issue 41: the next job takes the tab freed last (its HTTP cache warm), on real Chromium with two tabs.
jest.setTimeout(30_000);

class AllowingPolicy {
  async checkDuringCrawl(): Promise<string | null> {
    return null;
  }

  async inspectHost(): Promise<HostVerdict> {
    return { allowed: true, addresses: ['127.0.0.1'] };
  }
}


let site: TargetSite;
let running: RunningCluster;
let cluster: BrowserCluster;
let jobs = 0;

/** One job of org-a on `path`; `meanwhile` runs after the page loaded. Answers the tab's own page (not the tracked one). */
function visit(path: string, meanwhile: () => Promise<unknown> = async () => undefined): Promise<Page> {
  const spec = { jobId: `warm-job${++jobs}`, organizationId: 'org-a', route: BUILTIN_ROUTE, options: PAGE_OPTIONS, deadline: Date.now() + 20_000 };
  return cluster.withPage(spec, async (session: PageSession) => {
    await session.goto(`${site.url}${path}`);
    await meanwhile();
    return session.page.mainFrame().page();
  });
}

/** Polls `done` every 10 ms, up to 10 s. */
async function until(done: () => boolean): Promise<void> {
  for (let tries = 0; tries < 1000 && !done(); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Two jobs at once, so both tabs are open; the one holding `late` ends last. Answers [first tab, last freed tab]. */
async function twoAtOnce(): Promise<[Page, Page]> {
  let release: () => void = () => undefined;
  const late = new Promise<void>((resolve) => (release = resolve));
  const holding = visit('/static', () => late);
  const served = cluster.stats().jobsServed;
  const early = await visit('/static');
  // Its tab is back in the pool (counted in the same turn) before the other job may end.
  await until(() => cluster.stats().jobsServed > served);
  release();
  const last = await holding;
  await cluster.settle();
  return [early, last];
}

const fetched = (path: string): number => timesFetched(site, path);

beforeAll(async () => {
  site = await startTargetSite();
  const policy = new AllowingPolicy() as unknown as NetworkPolicy;
  running = await startBrowserCluster(workerConfig(1, {}, 2), policy);
  cluster = running.cluster;
});

afterAll(async () => {
  await running.stop();
  await site.close();
});

describe('the next job takes the tab freed last', () => {
  it('successive jobs, one at a time, run on one tab while a second is open, and its cached assets serve them', async () => {
    const [early, last] = await twoAtOnce();
    expect(early).not.toBe(last);
    expect(cluster.stats()).toMatchObject({ tabsOpened: 2, contextsCreated: 2, jobsServed: 2 });
    site.reset();
    const pages: Page[] = [];
    for (let index = 0; index < 4; index++) {
      pages.push(await visit('/assets'));
      await cluster.settle();
    }
    expect(pages.map((page) => page === last)).toEqual([true, true, true, true]);
    // The stylesheet is fetched by the first of them only; on alternating tabs the second would fetch it again.
    expect([fetched('/assets/public.css'), fetched('/assets')]).toEqual([1, 4]);
    expect(cluster.stats()).toMatchObject({ tabsOpened: 2, contextsCreated: 2, jobsServed: 6 });
  });

  it('after two jobs at once, the next job gets the tab of the one that ended last', async () => {
    const [early, last] = await twoAtOnce();
    const before = cluster.stats();
    expect(await visit('/static')).toBe(last);
    await cluster.settle();
    const [earlyAgain, lastAgain] = await twoAtOnce();
    expect(new Set([earlyAgain, lastAgain])).toEqual(new Set([early, last]));
    expect(await visit('/static')).toBe(lastAgain);
    await cluster.settle();
    expect(cluster.stats()).toMatchObject({ tabsOpened: before.tabsOpened, contextsCreated: before.contextsCreated });
  });
});
