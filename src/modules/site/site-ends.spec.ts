import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../config/app-config.js';
import type { Job } from '../../infra/database/entities/index.js';
import type { FrontierPage } from './frontier/frontier-types.js';
import { SiteEnds } from './site-ends.js';

type Ended = [kind: string, outcome: string, startedAt: number | null, code: string | undefined];

/** SiteEnds over a frontier whose end writes succeed `ends` times, and a job row as the write left it. */
function siteEnds(row: Partial<Job>, ends = 1) {
  const counted: Ended[] = [];
  const left: string[] = [];
  let writes = ends;
  const frontier = { stop: async () => writes-- > 0, fail: async () => ({ ended: writes-- > 0, seq: null }) };
  const job = { id: 'o1_c1', organizationId: 'org1', kind: 'site', webhookUrl: null, errorCode: null, startedAt: null, ...row } as Job;
  const jobs = { getForOrganization: async () => job };
  const metrics = { jobEnded: (...args: Ended) => void counted.push(args) };
  const queue = { leaveLine: async (crawlId: string) => void left.push(crawlId) };
  const forgotten: string[] = [];
  const start = { forget: async (crawlId: string) => void forgotten.push(crawlId) };
  const none = {} as never;
  return { ends: new SiteEnds(loadConfig({}), frontier as never, jobs as never, none, none, metrics as never, queue as never, start as never), counted, left, forgotten };
}

const startPage = { organizationId: 'org1', crawlId: 'o1_c1', id: '1', url: 'http://a.example/', depth: 0 } as FrontierPage;

describe('SiteEnds: a crawl\'s end counted once in crawlgate_jobs_total and its duration (decisions 7.5)', () => {
  it('counts a finished, limited, credits or time-limited crawl as done, with its run time from its start', async () => {
    const startedAt = new Date(Date.now() - 5_000);
    for (const reason of ['finished', 'limit', 'credits', 'time_limit'] as const) {
      const { ends, counted, left, forgotten } = siteEnds({ status: 'done', startedAt });
      await ends.stop('org1', 'o1_c1', reason, null);
      await ends.stop('org1', 'o1_c1', reason, null); // a second stop finds the crawl ended: nothing more
      expect([counted, left, forgotten]).toEqual([[['site', 'done', startedAt.getTime(), undefined]], ['o1_c1'], ['o1_c1']]);
    }
  });

  it('counts a cancelled crawl (no run time when it never started) and a failed one with its code', async () => {
    const cancelled = siteEnds({ status: 'cancelled' });
    await cancelled.ends.stop('org1', 'o1_c1', 'cancelled', null);
    expect(cancelled.counted).toEqual([['site', 'cancelled', null, undefined]]);
    const startedAt = new Date();
    const failed = siteEnds({ status: 'failed', errorCode: 'target_unreachable', startedAt });
    await failed.ends.fail(startPage, 'target_unreachable', 'unreachable');
    await failed.ends.fail(startPage, 'target_unreachable', 'unreachable');
    expect(failed.counted).toEqual([['site', 'failed', startedAt.getTime(), 'target_unreachable']]);
    // A start page that failed leaves no sitemap URLs behind in Redis (they were kept only for its retries).
    expect([cancelled.forgotten, failed.forgotten]).toEqual([['o1_c1'], ['o1_c1']]);
  });
});
