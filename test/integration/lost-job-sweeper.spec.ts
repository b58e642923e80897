import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OperationRegistry } from '../../src/modules/jobs/operation-registry.js';
import type { Queue } from 'bull';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config.js';
import { Job, JobResult } from '../../src/infra/database/entities/index.js';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import type { JobPayload } from '../../src/infra/queue/queue.constants.js';
import { JobEventsService } from '../../src/modules/jobs/job-events.service.js';
import { JobHeartbeat } from '../../src/modules/jobs/job-heartbeat.js';
import type { JobLine } from '../../src/modules/jobs/job-line.service.js';
import { JobRepository } from '../../src/modules/jobs/job.repository.js';
import type { JobRunner } from '../../src/modules/jobs/job-runner.service.js';
import { LostJobSweeper, OVERDUE_MS } from '../../src/modules/jobs/lost-job-sweeper.service.js';
import { insertOrganization, openDatabase } from './database.js';

/**
 * The sweeper over real rows (SQLite) and real heartbeats (Redis): which running jobs it hands to the runner's
 * abandon, the one writer of a lost job's failure. abandon is recorded and ends the row as the runner's does
 * (JobRepository.finish); its slot and webhook are other specs'.
 */
describe('LostJobSweeper over the job rows and the heartbeats', () => {
  const redis = new Redis(process.env.IT_REDIS_URL ?? 'redis://127.0.0.1:6379/5');
  const otherWorker = redis.duplicate();
  const events = new JobEventsService(redis);
  const deadEvents = new JobEventsService(otherWorker);
  const heartbeat = new JobHeartbeat(loadConfig({ JOB_HEARTBEAT_MS: '200' }), redis, events);
  const deadHeartbeat = new JobHeartbeat(loadConfig({ JOB_HEARTBEAT_MS: '200' }), otherWorker, deadEvents);
  const abandoned: string[] = [];
  const stops: Array<() => void> = [];
  let db: DataSource;
  let sweeper: LostJobSweeper;
  const org = `sweep${process.pid}`;

  const running = async (id: string, kind = 'crawl', now = new Date()) => {
    await new JobRepository(db.getRepository(Job), db.getRepository(JobResult), new SqlProgramRunner(db)).insert(Object.assign(new Job(), {
      id, organizationId: org, kind, status: 'running', host: 'example.test', price: 3, refunded: false, options: '{}',
      webhookUrl: null, errorCode: null, errorMessage: null, createdAt: now, startedAt: now, finishedAt: null, expiresAt: new Date(now.getTime() + 86_400_000),
    }));
  };

  beforeAll(async () => {
    db = await openDatabase('sqlite');
    await insertOrganization(db, org, 100);
    await Promise.all([events.onModuleInit(), deadEvents.onModuleInit()]);
    const jobs = new JobRepository(db.getRepository(Job), db.getRepository(JobResult), new SqlProgramRunner(db));
    const runner = {
      abandon: async (payload: JobPayload, reason: string) => {
        abandoned.push(`${payload.jobId}: ${reason}`);
        await jobs.finish(payload.organizationId, payload.jobId, { code: 'worker_lost', message: reason });
      },
    };
    const queue = { getJob: async () => null };
    sweeper = new LostJobSweeper(heartbeat, jobs, runner as unknown as JobRunner, queue as unknown as Queue<JobPayload>, {} as JobLine, { ownKinds: () => ['site'] } as unknown as OperationRegistry);
  });
  afterAll(async () => {
    stops.forEach((stop) => stop());
    await events.onApplicationShutdown();
    await Promise.all([redis.quit(), otherWorker.quit().catch(() => undefined)]);
    await db?.destroy();
  });

  it('hands over, once each, the job of a dead worker after two periods and the job its live worker keeps past the deadline', async () => {
    const now = Date.now();
    const ids = { onTime: `${org}_ontime`, late: `${org}_late`, orphan: `${org}_orphan` };
    for (const id of Object.values(ids)) await running(id);
    stops.push(heartbeat.start(ids.onTime, now + 60_000), heartbeat.start(ids.late, now - OVERDUE_MS - 1));
    const stopOrphan = deadHeartbeat.start(ids.orphan, now + 60_000);
    const beats = Object.values(ids).map((id) => `crawlgate:job-beat:${id}`);
    for (const until = Date.now() + 5000; (await redis.exists(...beats)) < 3; await new Promise((done) => setTimeout(done, 10))) {
      if (Date.now() > until) throw new Error('the first beats were not written');
    }

    await sweeper.sweep(now);
    expect(abandoned).toEqual([`${ids.late}: The job outlived its time limit.`]);

    // kill -9 of the other worker: its beats stop and its connections close (the last beat stays until it expires).
    stopOrphan();
    await deadEvents.onApplicationShutdown();
    await sweeper.sweep(now + 1);
    await sweeper.sweep(now + 399);
    expect(abandoned).toHaveLength(1);
    await sweeper.sweep(now + 401);
    await sweeper.sweep(now + 600);
    expect(abandoned).toEqual([`${ids.late}: The job outlived its time limit.`, `${ids.orphan}: The worker running this job stopped.`]);
    const rows = await db.query('SELECT id, status, error_message FROM job WHERE organization_id = ? ORDER BY id', [org]);
    expect(rows).toEqual([
      { id: ids.late, status: 'failed', error_message: 'The job outlived its time limit.' },
      { id: ids.onTime, status: 'running', error_message: null },
      { id: ids.orphan, status: 'failed', error_message: 'The worker running this job stopped.' },
    ]);
  });

  it('leaves the kinds that run their own jobs out of the query: older site crawls never fill the batch', async () => {
    const jobs = new JobRepository(db.getRepository(Job), db.getRepository(JobResult), new SqlProgramRunner(db));
    const old = Date.now() - 3_600_000;
    await running(`${org}_site1`, 'site', new Date(old));
    await running(`${org}_site2`, 'site', new Date(old + 1));
    await running(`${org}_crawl`, 'crawl', new Date(old + 2));
    const oldest = (rows: Job[]) => rows.map((job) => job.id);
    expect(oldest(await jobs.listByStatus('running', 1))).toEqual([`${org}_site1`]);
    expect(oldest(await jobs.listByStatus('running', 1, { exceptKinds: ['site'] }))).toEqual([`${org}_crawl`]);
    expect(oldest(await jobs.listByStatus('running', 2, { exceptKinds: ['site'], createdBefore: new Date(old + 2) }))).toEqual([]);
    await db.getRepository(Job).delete({ organizationId: org });
  });

  it('counts the periods a beat is missing only while Redis answers: a sweep that failed starts the count again', async () => {
    // The sweeper's own connection, cut as a Redis outage cuts it; the job's worker could not beat meanwhile either.
    const flaky = redis.duplicate();
    const flakyHeartbeat = new JobHeartbeat(loadConfig({ JOB_HEARTBEAT_MS: '200' }), flaky, new JobEventsService(flaky));
    const jobs = new JobRepository(db.getRepository(Job), db.getRepository(JobResult), new SqlProgramRunner(db));
    const lost: string[] = [];
    const runner = { abandon: async (payload: JobPayload) => void lost.push(payload.jobId) };
    const queue = { getJob: async () => null };
    const flakySweeper = new LostJobSweeper(flakyHeartbeat, jobs, runner as unknown as JobRunner, queue as unknown as Queue<JobPayload>, {} as JobLine, { ownKinds: () => ['site'] } as unknown as OperationRegistry);
    const id = `${org}_outage`;
    await running(id);
    const now = Date.now();
    try {
      await flakySweeper.sweep(now);
      flaky.disconnect();
      await flakySweeper.sweep(now + 200);
      await flaky.connect();
      await flakySweeper.sweep(now + 401);
      expect(lost).toEqual([]);
      await flakySweeper.sweep(now + 801);
      expect(lost).toEqual([id]);
    } finally {
      flaky.disconnect();
    }
  });
});
