import { describe, expect, it } from '@jest/globals';
import type { Queue } from 'bull';
import type { Job } from '../../infra/database/entities/index.js';
import type { JobPayload } from '../../infra/queue/queue.constants.js';
import type { JobHeartbeat } from './job-heartbeat.js';
import type { JobLine } from './job-line.service.js';
import type { JobRepository } from './job.repository.js';
import type { JobRunner } from './job-runner.service.js';
import { LostJobSweeper } from './lost-job-sweeper.service.js';

const PERIOD = 1000;
const T0 = 1_000_000;

function job(id: string, status: 'queued' | 'running', startedAt: number): Job {
  return { id, status, kind: 'crawl', organizationId: 'org', startedAt: new Date(startedAt), createdAt: new Date(startedAt) } as Job;
}

/** The sweeper's rules against doubles: which rows, which heartbeats, which queue entries. */
function setup(rows: Job[], silent: string[], inQueue: string[] = []) {
  const abandoned: string[] = [];
  const added: string[] = [];
  const heartbeat = { periodMs: PERIOD, ttlMs: 4 * PERIOD, silent: async (ids: string[]) => ids.filter((id) => silent.includes(id)) };
  const jobs = { listByStatus: async (status: string) => rows.filter((row) => row.status === status) };
  const runner = { abandon: async (payload: JobPayload) => void abandoned.push(payload.jobId) };
  const queue = { getJob: async (id: string) => (inQueue.includes(id) ? {} : null) };
  const line = { add: async (payload: JobPayload) => void added.push(payload.jobId) };
  const sweeper = new LostJobSweeper(
    heartbeat as unknown as JobHeartbeat, jobs as unknown as JobRepository, runner as unknown as JobRunner, queue as unknown as Queue<JobPayload>, line as unknown as JobLine,
  );
  return { sweeper, abandoned, added, silent };
}

describe('LostJobSweeper', () => {
  it('fails a running job once its heartbeat has been missing for two periods, not at the first sight', async () => {
    const { sweeper, abandoned } = setup([job('a', 'running', T0 - 10 * PERIOD)], ['a']);
    await sweeper.sweep(T0);
    await sweeper.sweep(T0 + PERIOD);
    expect(abandoned).toEqual([]);
    await sweeper.sweep(T0 + 2 * PERIOD);
    expect(abandoned).toEqual(['a']);
  });

  it('forgives a heartbeat that comes back (a Redis restarted empty is refilled by the worker)', async () => {
    const world = setup([job('a', 'running', T0 - 10 * PERIOD)], ['a']);
    await world.sweeper.sweep(T0);
    world.silent.splice(0);
    await world.sweeper.sweep(T0 + PERIOD);
    world.silent.push('a');
    await world.sweeper.sweep(T0 + 2 * PERIOD);
    expect(world.abandoned).toEqual([]);
  });

  it('leaves a job that started less than a heartbeat lifetime ago alone', async () => {
    const { sweeper, abandoned } = setup([job('a', 'running', T0 - PERIOD)], ['a']);
    for (let beat = 0; beat < 3; beat++) await sweeper.sweep(T0 + beat * 100);
    expect(abandoned).toEqual([]);
  });

  it('queues again a queued job missing from the queue, and only that one', async () => {
    const { sweeper, added } = setup([job('lost', 'queued', T0 - 10 * PERIOD), job('waiting', 'queued', T0 - 10 * PERIOD)], [], ['waiting']);
    await sweeper.sweep(T0);
    expect(added).toEqual(['lost']);
  });
});
