import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { BrowserCluster } from '../../src/infra/browser/browser-cluster.js';
import type { PageSession } from '../../src/infra/browser/page-options.js';
import type { HostVerdict, NetworkPolicy } from '../../src/infra/network/network-policy.js';
import { startTargetSite, TargetSite } from '../fixtures/target-site.js';
import { BUILTIN_ROUTE, PAGE_OPTIONS, RunningCluster, startBrowserCluster, timesFetched, workerConfig } from './browser-harness.js';

// Decisions 9.7 on real Chromium: one tab (BROWSER_CONCURRENCY=1, tabs=1), so every job runs in the same context.
// Every request goes through the relay, so the target's record is what the egress proxy carried.
jest.setTimeout(30_000);

/** A policy double that refuses the URLs put in `refused` (checked on every request, a cached one included). */
class UrlPolicy {
  readonly refused = new Set<string>();

  async checkDuringCrawl(raw: string): Promise<string | null> {
    return this.refused.has(raw) ? 'refused by the test policy' : null;
  }

  async inspectHost(): Promise<HostVerdict> {
    return { allowed: true, addresses: ['127.0.0.1'] };
  }
}


let site: TargetSite;
let policy: UrlPolicy;
let running: RunningCluster;
let cluster: BrowserCluster;
let jobs = 0;

/** One job of the organization on `path`; answers the h1's colour (navy once /assets/public.css applied). */
async function visit(organizationId: string, path: string, then: (session: PageSession) => Promise<void> = async () => undefined): Promise<string> {
  const spec = { jobId: `cache-job${++jobs}`, organizationId, route: BUILTIN_ROUTE, options: PAGE_OPTIONS, deadline: Date.now() + 20_000 };
  const colour = await cluster.withPage(spec, async (session) => {
    await session.goto(`${site.url}${path}`);
    await then(session);
    return session.page.$eval('h1', (h1) => getComputedStyle(h1).color);
  });
  await cluster.settle();
  return colour;
}

/** How many times the target was asked for `path` since the last reset. */
const fetched = (path: string): number => timesFetched(site, path);

beforeAll(async () => {
  site = await startTargetSite();
  policy = new UrlPolicy();
  running = await startBrowserCluster(workerConfig(1, {}, 1), policy as unknown as NetworkPolicy);
  cluster = running.cluster;
});

afterAll(async () => {
  await running.stop();
  await site.close();
});

describe("an organization's cacheable assets (decisions 9.7)", () => {
  it("are kept for the organization's next job only: another organization's first fetch goes to the target", async () => {
    site.reset();
    const navy = 'rgb(0, 0, 128)';
    expect(await visit('org-a', '/assets')).toBe(navy);
    expect(await visit('org-a', '/assets')).toBe(navy);
    // The cacheable stylesheet once; the no-store one and the (cacheable) document every time.
    expect([fetched('/assets/public.css'), fetched('/assets/no-store.css'), fetched('/assets')]).toEqual([1, 2, 2]);
    expect(await visit('org-b', '/assets')).toBe(navy);
    expect([fetched('/assets/public.css'), fetched('/assets/no-store.css'), fetched('/assets')]).toEqual([2, 3, 3]);
    expect(await visit('org-a', '/assets')).toBe(navy);
    expect(fetched('/assets/public.css')).toBe(3);
    // One context for org-a's two jobs, a new one for org-b's, and another for org-a's after it (9.7: a context's
    // network state, which no wipe clears, never serves another organization).
    expect(cluster.stats()).toMatchObject({ contextsCreated: 3, tabsOpened: 3 });
  });

  it('a private answer is never kept: after it, every asset of the next job is fetched again', async () => {
    await visit('org-c', '/assets');
    site.reset();
    await visit('org-c', '/assets/private');
    expect([fetched('/assets/public.css'), fetched('/assets/private.css')]).toEqual([0, 1]);
    await visit('org-c', '/assets/private');
    expect([fetched('/assets/public.css'), fetched('/assets/private.css')]).toEqual([1, 2]);
  });

  // A cached answer was fetched through the policy once (9.7); what it leads to is checked as today.
  it("a cached redirect's next hop still meets the network policy: refused, it is never sent, and only that request fails", async () => {
    site.reset();
    await visit('org-d', '/assets/moved');
    expect([fetched('/assets/moved.css'), fetched('/assets/no-store.css')]).toEqual([1, 1]);
    policy.refused.add(`${site.url}/assets/no-store.css`);
    try {
      let blocked: unknown = null;
      await visit('org-d', '/assets/moved', async (session) => {
        blocked = await Promise.resolve().then(() => session.assertNotBlocked()).catch((error: unknown) => error);
      });
      // The callback ran (undefined, not the null it started as) and the job was not failed.
      expect(blocked).toBeUndefined();
      expect([fetched('/assets/moved.css'), fetched('/assets/no-store.css')]).toEqual([1, 1]);
    } finally {
      policy.refused.clear();
    }
  });
});

describe('the bound on what a tab keeps (BROWSER_CACHE_BYTES)', () => {
  let bounded: RunningCluster;

  beforeAll(async () => {
    // A budget of 0: any byte its relay slot reads fills the tab's share, so the wipe clears the cache after every job.
    bounded = await startBrowserCluster(workerConfig(1, { BROWSER_CACHE_BYTES: '0' }, 1), policy as unknown as NetworkPolicy);
  });

  afterAll(() => bounded.stop());

  it("clears the cache once the context read more than its share since the last clear: the same organization's next job fetches the stylesheet again", async () => {
    site.reset();
    for (const round of [1, 2]) {
      const spec = { jobId: `bounded-job${round}`, organizationId: 'org-e', route: BUILTIN_ROUTE, options: PAGE_OPTIONS, deadline: Date.now() + 20_000 };
      await bounded.cluster.withPage(spec, (session) => session.goto(`${site.url}/assets`));
      await bounded.cluster.settle();
    }
    expect([fetched('/assets/public.css'), fetched('/assets')]).toEqual([2, 2]);
    expect(bounded.cluster.stats()).toMatchObject({ contextsCreated: 1, tabsOpened: 1 });
  });
});
