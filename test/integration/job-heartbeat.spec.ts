import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { loadConfig } from '../../src/config/app-config.js';
import { sendBatch } from '../../src/infra/redis/command-batch.js';
import { JobEventsService } from '../../src/modules/jobs/job-events.service.js';
import { JobHeartbeat } from '../../src/modules/jobs/job-heartbeat.js';

/** The beats the LostJobSweeper judges, in a real Redis: a live worker's, a dead worker's, and one past its deadline. */
describe('job heartbeats in Redis', () => {
  const url = process.env.IT_REDIS_URL ?? 'redis://127.0.0.1:6379/5';
  const redis = new Redis(url);
  const deadRedis = new Redis(url);
  const config = loadConfig({ JOB_HEARTBEAT_MS: '200' });
  const alive = new JobEventsService(redis);
  const dead = new JobEventsService(deadRedis);
  const id = (name: string) => `hb-${process.pid}-${name}`;

  beforeAll(async () => {
    await alive.onModuleInit();
    await dead.onModuleInit();
  });
  afterAll(async () => {
    await alive.onApplicationShutdown();
    await redis.quit();
    await deadRedis.quit();
  });

  it('judges a beating job live, then lost once its worker is gone, and overdue only past its deadline and the grace', async () => {
    const now = Date.now();
    const onAlive = new JobHeartbeat(config, redis, alive);
    const onDead = new JobHeartbeat(config, deadRedis, dead);
    const stops = [onAlive.start(id('live'), now + 60_000), onAlive.start(id('late'), now - 31_000), onDead.start(id('orphan'), now + 60_000)];
    const all = [id('live'), id('late'), id('orphan'), id('never')];
    const beats = [id('live'), id('late'), id('orphan')].map((job) => `crawlgate:job-beat:${job}`);
    for (const until = Date.now() + 5000; (await redis.exists(...beats)) < 3; await new Promise((done) => setTimeout(done, 10))) {
      if (Date.now() > until) throw new Error('the first beats were not written');
    }
    expect(await onAlive.judge(all, now, 30_000)).toEqual({ lost: [id('never')], overdue: [id('late')] });

    // kill -9 of a worker closes its connections: its beat is still in Redis, but no one listens on its channel.
    stops[2]();
    await dead.onApplicationShutdown();
    expect(await onAlive.judge(all, now, 30_000)).toEqual({ lost: [id('orphan'), id('never')], overdue: [id('late')] });
    expect(await onAlive.judge(all, now - 2_000, 30_000)).toEqual({ lost: [id('orphan'), id('never')], overdue: [] });
    expect(await onAlive.liveHolder(id('live'))).toBe(alive.processId);
    expect(await onAlive.liveHolder(id('orphan'))).toBeNull();

    // A beat written by the previous version names its process only: live, and never overdue.
    await redis.set(`crawlgate:job-beat:${id('old')}`, alive.processId, 'PX', 5000);
    expect(await onAlive.judge([id('old')], now + 3_600_000, 30_000)).toEqual({ lost: [], overdue: [] });

    // A job's end removes its beat: the sweeper would judge it lost, but its row is no longer running by then.
    stops[0]();
    await sendBatch(onAlive.endIn(redis.multi(), id('live')));
    expect((await onAlive.judge([id('live')], now, 30_000)).lost).toEqual([id('live')]);
    stops[1]();
  });
});
