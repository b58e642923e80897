import { afterAll, describe, expect, it } from '@jest/globals';
import Bull from 'bull';
import { Redis } from 'ioredis';
import { JobLine } from '../../src/modules/jobs/job-line.service.js';
import type { FrontierRepository } from '../../src/modules/site/frontier/frontier.repository.js';
import { SiteQueue } from '../../src/modules/site/site-queue.js';
import type { JobPayload } from '../../src/infra/queue/queue.constants.js';

describe('JobLine: queue positions from one ZRANK, in the order Bull will start the jobs', () => {
  const url = process.env.IT_REDIS_URL ?? 'redis://127.0.0.1:6379/5';
  const redis = new Redis(url);
  const queue = new Bull<JobPayload>(`it-line-${Date.now()}`, url);
  const line = new JobLine(redis, queue);
  afterAll(async () => {
    await queue.obliterate({ force: true });
    await Promise.all([queue.close(), redis.quit()]);
  });

  it('puts a better plan first and keeps arrival order within a plan, exactly as Bull’s wait list', async () => {
    const stamp = Date.now();
    await redis.del('crawlgate:job-line'); // the one line of the service; this Redis database is the test's
    const jobs: Array<[string, number]> = [[`free1-${stamp}`, 5], [`free2-${stamp}`, 5], [`pro-${stamp}`, 2], [`free3-${stamp}`, 5], [`ent-${stamp}`, 1], [`pro2-${stamp}`, 2]];
    for (const [id, priority] of jobs) await line.add({ jobId: id, kind: 'crawl', organizationId: 'org' }, priority);
    const expected = [`ent-${stamp}`, `pro-${stamp}`, `pro2-${stamp}`, `free1-${stamp}`, `free2-${stamp}`, `free3-${stamp}`];
    expect(await Promise.all(expected.map((id) => line.position(id)))).toEqual([1, 2, 3, 4, 5, 6]);

    await line.leave(`pro-${stamp}`);
    expect([await line.position(`pro-${stamp}`), await line.position(`free3-${stamp}`)]).toEqual([null, 5]);

    // The order Bull's worker really starts them in is the line's.
    const started: string[] = [];
    await new Promise<void>((done) => {
      void queue.process(1, async (job) => {
        started.push(String(job.id));
        if (started.length === expected.length) done();
      });
    });
    expect(started).toEqual(expected);
  });

  it("queues a site crawl's start page by its plan like any job (decisions 9.3): behind its plan's earlier jobs, ahead of its later ones and of a worse plan's", async () => {
    const stamp = Date.now();
    await redis.del('crawlgate:job-line');
    const sites = new SiteQueue(queue, {} as FrontierRepository, redis, line);
    await line.add({ jobId: `std-before-${stamp}`, kind: 'crawl', organizationId: 'a' }, 3);
    await line.add({ jobId: `lite-before-${stamp}`, kind: 'crawl', organizationId: 'b' }, 4);
    await sites.addStart('c', `site-${stamp}`, '1', 3);
    await line.add({ jobId: `std-after-${stamp}`, kind: 'crawl', organizationId: 'd' }, 3);
    const order = [`std-before-${stamp}`, `site-${stamp}`, `std-after-${stamp}`, `lite-before-${stamp}`];
    expect(await Promise.all(order.map((id) => line.position(id)))).toEqual([1, 2, 3, 4]);
  });
});
