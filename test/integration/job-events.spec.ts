import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { loadConfig } from '../../src/config/app-config.js';
import { JobEventsService } from '../../src/modules/jobs/job-events.service.js';

/** An API process and a worker on one Redis: the worker holds jobs, the API asks it for live debug captures. */
describe('JobEventsService debug captures across processes', () => {
  let apiRedis: Redis;
  let workerRedis: Redis;
  let api: JobEventsService;
  let worker: JobEventsService;
  const pages = new Map<string, object>([['with-page', { url: 'https://example.test/', captured_at: '2026-12-06T00:00:00.000Z' }]]);

  beforeAll(async () => {
    const url = loadConfig().redisUrl.replace(/\/\d+$/, '/9');
    [apiRedis, workerRedis] = [new Redis(url), new Redis(url)];
    [api, worker] = [new JobEventsService(apiRedis), new JobEventsService(workerRedis)];
    worker.onDebugRequest(async (jobId) => pages.get(jobId) ?? null);
    await Promise.all([api.onModuleInit(), worker.onModuleInit()]);
  });
  afterAll(async () => {
    await Promise.all([api?.onApplicationShutdown(), worker?.onApplicationShutdown()]);
    await Promise.all([apiRedis?.quit(), workerRedis?.quit()]);
  });

  it("answers with the holder's capture", async () => {
    expect(await api.requestDebug('with-page', worker.processId, 60_000)).toEqual(pages.get('with-page'));
  });

  // Asked with a minute's limit inside the test's 10 s: it passes only if the holder's "no page" comes back at once.
  it('answers null as soon as the holder says it has no page yet, not at the end of the wait', async () => {
    expect(await api.requestDebug('no-page-yet', worker.processId, 60_000)).toBeNull();
  }, 10_000);
});
