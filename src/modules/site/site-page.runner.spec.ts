import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { loadConfig } from '../../config/app-config.js';
import type { FrontierPage } from './frontier/frontier-types.js';
import { CRAWL_BUSY, HOST_FULL } from './host-gate.js';
import { SitePageRunner } from './site-page.runner.js';
import { atFullHost, behindCrawlTurn } from './site-queue.js';

const page = { organizationId: 'org1', crawlId: 'o1_c1', id: '7', url: 'http://docs.example/a', depth: 2, state: 'waiting' } as FrontierPage;

/**
 * A runner whose host gate answers `entered` and whose plan slot is free or not, over fakes that write down what the
 * runner asked of the queue and the gate. The crawl has a floor of `floorMs` (delay or Crawl-delay).
 */
function runner(entered: number, slotFree: boolean, floorMs: number, requests = true) {
  const calls: string[] = [];
  const context = { job: { status: 'running', createdAt: new Date() }, floorMs };
  const queue = {
    unmark: async () => undefined,
    park: async (spot: { key: string }) => void calls.push(`park ${spot.key}`),
    later: async (_o: string, _c: string, _p: string, _priority: number, ms: number) => void calls.push(`later ${ms}`),
    wake: async (spot: { key: string }) => void calls.push(`wake ${spot.key}`),
    leaveLine: async () => undefined,
  };
  const gate = {
    enter: async () => entered,
    leave: async (_c: string, _h: string, _holder: string, floor: number) => void calls.push(`leave floor ${floor}`),
    renew: async () => undefined,
  };
  const limits = {
    acquireSlot: async () => {
      if (!slotFree) throw new AppError(ErrorCode.ConcurrencyExceeded, 'full');
    },
    releaseSlot: async () => undefined,
  };
  const frontier = { page: async () => page, claim: async () => ({ taken: true, ended: false }), renew: async () => undefined };
  const crawls = { context: async () => context };
  const organizations = { getById: async () => ({ id: 'org1', plan: 'free', concurrencyOverride: null, dailyLimitOverride: null }) };
  const work = { run: async () => (calls.push(requests ? 'request' : 'stored copy'), requests) };
  const ends = { expiresAt: () => new Date(Date.now() + 3_600_000) };
  const deps = [frontier, crawls, gate, queue, limits, organizations, ends, work] as never[];
  return { run: () => new SitePageRunner(loadConfig({}), ...(deps as [never, never, never, never, never, never, never, never])).process({ jobId: page.crawlId, kind: 'site', organizationId: 'org1', pageId: page.id }), calls };
}

describe('SitePageRunner: where a page waits, and what its pass leaves at the host (decisions.md 9.3 "Load")', () => {
  const host = 'docs.example';

  it('parks at a full host, and behind its crawl\'s own request at a host with a floor: neither polls', async () => {
    const full = runner(HOST_FULL, true, 0);
    await full.run();
    expect(full.calls).toEqual([`park ${atFullHost(host).key}`]);
    const busy = runner(CRAWL_BUSY, true, 1000);
    await busy.run();
    expect(busy.calls).toEqual([`park ${behindCrawlTurn(page.crawlId, host).key}`]);
    const floor = runner(640, true, 1000);
    await floor.run();
    expect(floor.calls).toEqual(['later 640']);
  });

  it('a request starts the floor and wakes the next page of the host and of the crawl\'s turn', async () => {
    const floored = runner(0, true, 1000);
    await floored.run();
    expect(floored.calls).toEqual(['request', 'leave floor 1000', `wake ${atFullHost(host).key}`, `wake ${behindCrawlTurn(page.crawlId, host).key}`]);
    const free = runner(0, true, 0);
    await free.run();
    expect(free.calls).toEqual(['request', 'leave floor 0', `wake ${atFullHost(host).key}`]);
  });

  it('a pass that made no request (its plan slot taken, a stored copy answered) leaves the floor as it was, and still hands the turn on', async () => {
    const refused = runner(0, false, 1000);
    await refused.run();
    expect(refused.calls).toEqual(['later 250', 'leave floor 0', `wake ${atFullHost(host).key}`, `wake ${behindCrawlTurn(page.crawlId, host).key}`]);
    const copied = runner(0, true, 1000, false);
    await copied.run();
    expect(copied.calls).toEqual(['stored copy', 'leave floor 0', `wake ${atFullHost(host).key}`, `wake ${behindCrawlTurn(page.crawlId, host).key}`]);
  });
});
