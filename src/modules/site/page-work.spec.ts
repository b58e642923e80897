import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../config/app-config.js';
import type { Job } from '../../infra/database/entities/index.js';
import { robotsRules } from '../../infra/discovery/robots.js';
import { CrawlContext } from './crawl-context.js';
import type { FinishRequest } from './frontier/frontier-programs.js';
import type { FrontierPage } from './frontier/frontier-types.js';
import { PageWork } from './page-work.js';
import type { SiteRequest } from './site-request.js';

const START = 'http://s.test/docs/';
const request = {
  page: { url: START }, scope: 'host', includePaths: [], excludePaths: [], ignoreQuery: false,
  limit: 100, maxDepth: 10, sitemap: 'include', delayMs: 0, maxCredits: null, pageEvents: false,
} as unknown as SiteRequest;
const context = new CrawlContext({ id: 'o1_c1', organizationId: 'org1', webhookUrl: null } as Job, request, robotsRules({ status: 404, body: '' }, 'Crawlgate'));

/** PageWork over fakes that write down what it asked: the runner's runs, the ledger's refunds, the records stored. */
function pageWork() {
  const seen = { runs: 0, refunds: [] as string[], stored: [] as FinishRequest[] };
  const frontier = {
    charged: async () => true,
    // The charge handed back with the stored outcome, in its transaction.
    finish: async (finish: FinishRequest, refund: { requestKey: string } | null) => {
      seen.stored.push(finish);
      if (refund) seen.refunds.push(refund.requestKey);
      return { kept: true, seq: 1, added: [], ended: null, refunded: refund ? 1 : 0 };
    },
  };
  const ledger = {};
  const runner = { perform: async () => (seen.runs++, { type: 'data', data: {}, targetStatus: 200, finalUrl: 'http://s.test/docs/a' }) };
  const operation = { price: () => 1, fromStore: async () => null };
  const ends = { expiresAt: () => new Date(Date.now() + 3_600_000), pageStored: async () => undefined, ended: async () => undefined };
  const queue = { add: async () => [] };
  const deps = [frontier, ledger, runner, operation, {}, ends, queue, { dialect: 'sqlite' }, {}] as never[];
  return { work: new PageWork(loadConfig({}), ...(deps as [never, never, never, never, never, never, never, never, never])), seen };
}

const page = (attempts: number, retries: number): FrontierPage =>
  ({ organizationId: 'org1', crawlId: 'o1_c1', id: '7', url: 'http://s.test/docs/a', depth: 1, parent: START, state: 'waiting', attempts, retries }) as FrontierPage;

describe('PageWork: a page taken again after its runs were lost (decisions.md 9.3 "Crashes")', () => {
  it('runs a page lost once or twice, and one handed back by Retry-After twice', async () => {
    for (const [attempts, retries] of [[0, 0], [1, 0], [2, 0], [2, 2], [4, 2]]) {
      const { work, seen } = pageWork();
      expect(await work.run(context, page(attempts, retries), 3)).toBe(true);
      expect([seen.runs, seen.refunds]).toEqual([1, []]);
    }
  });

  it('fails a page lost three times, without running it a fourth time: refunded, recorded worker_lost, no request', async () => {
    const { work, seen } = pageWork();
    expect(await work.run(context, page(4, 1), 3)).toBe(false);
    expect(seen.runs).toBe(0);
    expect(seen.refunds).toEqual(['site:o1_c1:7:r1']);
    expect(seen.stored.map((finish) => finish.record)).toEqual([expect.objectContaining({ state: 'failed', error: 'worker_lost', credits: 0 })]);
  });
});
