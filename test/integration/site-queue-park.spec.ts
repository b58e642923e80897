import { afterAll, describe, expect, it } from '@jest/globals';
import Bull from 'bull';
import { Redis } from 'ioredis';
import { JobLine } from '../../src/modules/jobs/job-line.service.js';
import type { FrontierRepository } from '../../src/modules/site/frontier/frontier.repository.js';
import { atFullHost, SiteQueue } from '../../src/modules/site/site-queue.js';
import type { JobPayload } from '../../src/infra/queue/queue.constants.js';

/** decisions.md 9.3 "Load": a page whose host is full waits for a place there, and takes it as soon as one is freed. */
describe('SiteQueue: pages parked at a full host, woken one by one as its requests end', () => {
  const url = process.env.IT_REDIS_URL ?? 'redis://127.0.0.1:6379/5';
  const redis = new Redis(url);
  const queue = new Bull<JobPayload>(`it-park-${Date.now()}`, url);
  const touched: string[] = [];
  const frontier = { touch: async (_org: string, _crawl: string, pageId: string) => void touched.push(pageId) } as unknown as FrontierRepository;
  const sites = new SiteQueue(queue, frontier, redis, new JobLine(redis, queue));
  const host = `park-${Date.now()}.example`;
  afterAll(async () => {
    await redis.del(`crawlgate:site:parked:${host}`, `crawlgate:site:parked:other-${host}`);
    await queue.obliterate({ force: true });
    await Promise.all([queue.close(), redis.quit()]);
  });

  /** Each page's Bull jobs by state, in the order they were added. */
  const states = async () => {
    const jobs = await queue.getJobs(['delayed', 'waiting']);
    const by = await Promise.all(jobs.map(async (job) => [job.data.pageId, await job.getState()] as const));
    return Object.fromEntries(by.sort(([a], [b]) => String(a).localeCompare(String(b))));
  };

  it('wakes the longest parked page of the host at its priority, passes over a job that already ran, and leaves other hosts alone', async () => {
    await sites.park(atFullHost(host), 'o', 'c1', 'p1', 3);
    await sites.park(atFullHost(host), 'o', 'c1', 'p2', 3);
    await sites.park(atFullHost(host), 'o', 'c2', 'p3', 4);
    await sites.park(atFullHost(`other-${host}`), 'o', 'c3', 'q1', 3);
    expect(touched).toEqual(['p1', 'p2', 'p3', 'q1']);
    expect(await states()).toEqual({ p1: 'delayed', p2: 'delayed', p3: 'delayed', q1: 'delayed' });
    await sites.wake(atFullHost(host));
    expect(await states()).toEqual({ p1: 'waiting', p2: 'delayed', p3: 'delayed', q1: 'delayed' });
    // p2's wait ran out before a wake came (its job is no longer delayed): the next wake passes it over for p3.
    const [p2] = (await queue.getJobs(['delayed'])).filter((job) => job.data.pageId === 'p2');
    await p2.promote();
    await sites.wake(atFullHost(host));
    expect(await states()).toEqual({ p1: 'waiting', p2: 'waiting', p3: 'waiting', q1: 'delayed' });
    const waiting = await queue.getJobs(['waiting']);
    expect(waiting.find((job) => job.data.pageId === 'p3')?.opts.priority).toBe(4);
    await sites.wake(atFullHost(host));
    expect(await states()).toEqual({ p1: 'waiting', p2: 'waiting', p3: 'waiting', q1: 'delayed' });
  });

  it('wakes by plan priority first (decisions.md 9.3), then by the time parked', async () => {
    const spot = atFullHost(`prio-${host}`);
    await sites.park(spot, 'o', 'c4', 'free1', 5);
    await sites.park(spot, 'o', 'c5', 'pro1', 2);
    await sites.park(spot, 'o', 'c4', 'free2', 5);
    await sites.park(spot, 'o', 'c6', 'pro2', 2);
    const woken: string[] = [];
    for (let i = 0; i < 4; i++) {
      const before = new Set((await queue.getJobs(['waiting'])).map((job) => job.data.pageId));
      await sites.wake(spot);
      woken.push(...(await queue.getJobs(['waiting'])).map((job) => String(job.data.pageId)).filter((id) => !before.has(id)));
    }
    expect(woken).toEqual(['pro1', 'pro2', 'free1', 'free2']);
    await redis.del(spot.key);
  });
});
