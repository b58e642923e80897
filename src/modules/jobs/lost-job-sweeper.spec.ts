import { describe, expect, it } from '@jest/globals';
import type { OperationRegistry } from './operation-registry.js';
import type { Queue } from 'bull';
import type { Job } from '../../infra/database/entities/index.js';
import type { JobPayload } from '../../infra/queue/queue.constants.js';
import type { JobHeartbeat } from './job-heartbeat.js';
import type { JobLine } from './job-line.service.js';
import type { JobRepository } from './job.repository.js';
import type { JobRunner } from './job-runner.service.js';
import { LostJobSweeper, OVERDUE_MS } from './lost-job-sweeper.service.js';

const PERIOD = 1000;
const T0 = 1_000_000;

function job(id: string, status: 'queued' | 'running', startedAt: number, kind = 'crawl'): Job {
  return { id, status, kind, organizationId: 'org', startedAt: new Date(startedAt), createdAt: new Date(startedAt) } as Job;
}

/** The sweeper's rules against doubles: which rows, which heartbeats, which queue entries. */
function setup(rows: Job[], silent: string[], inQueue: string[] = [], deadlines: Record<string, number> = {}) {
  const abandoned: string[] = [];
  const added: string[] = [];
  const heartbeat = {
    periodMs: PERIOD,
    ttlMs: 4 * PERIOD,
    judge: async (ids: string[], now: number, overdueMs: number) => ({
      lost: ids.filter((id) => silent.includes(id)),
      overdue: ids.filter((id) => !silent.includes(id) && (deadlines[id] ?? Infinity) + overdueMs < now),
    }),
  };
  const jobs = {
    listByStatus: async (status: string, take: number, { exceptKinds = [] }: { exceptKinds?: string[] } = {}) =>
      rows.filter((row) => row.status === status && !exceptKinds.includes(row.kind)).slice(0, take),
  };
  const runner = { abandon: async (payload: JobPayload, reason: string) => void abandoned.push(`${payload.jobId}: ${reason}`) };
  const queue = { getJob: async (id: string) => (inQueue.includes(id) ? {} : null) };
  const line = { add: async (payload: JobPayload) => void added.push(payload.jobId) };
  const sweeper = new LostJobSweeper(
    heartbeat as unknown as JobHeartbeat, jobs as unknown as JobRepository, runner as unknown as JobRunner, queue as unknown as Queue<JobPayload>, line as unknown as JobLine,
    { ownKinds: () => ['site'] } as unknown as OperationRegistry,
  );
  return { sweeper, abandoned, added, silent };
}

describe('LostJobSweeper', () => {
  it('leaves the rows of an operation that runs its own jobs (site crawls) alone: no heartbeat of theirs is missing', async () => {
    const { sweeper, abandoned, added } = setup([job('s', 'running', T0 - 10 * PERIOD, 'site'), job('q', 'queued', T0 - 10 * PERIOD, 'site')], ['s']);
    for (let sweep = 0; sweep < 4; sweep++) await sweeper.sweep(T0 + sweep * PERIOD);
    expect({ abandoned, added }).toEqual({ abandoned: [], added: [] });
  });

  it('fails a running job once its heartbeat has been missing for two periods, not at the first sight', async () => {
    const { sweeper, abandoned } = setup([job('a', 'running', T0 - 10 * PERIOD)], ['a']);
    await sweeper.sweep(T0);
    await sweeper.sweep(T0 + PERIOD);
    expect(abandoned).toEqual([]);
    await sweeper.sweep(T0 + 2 * PERIOD);
    expect(abandoned).toEqual(['a: The worker running this job stopped.']);
    await sweeper.sweep(T0 + 3 * PERIOD);
    expect(abandoned).toHaveLength(1);
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

  it('gives a job just marked running, whose first beat is not written yet, the same two periods', async () => {
    const { sweeper, abandoned } = setup([job('a', 'running', T0)], ['a']);
    for (let sweep = 0; sweep < 20; sweep++) await sweeper.sweep(T0 + sweep * 99);
    expect(abandoned).toEqual([]);
  });

  it('fails a job its live worker keeps running past its deadline by OVERDUE_MS, and not a moment before', async () => {
    const { sweeper, abandoned } = setup([job('a', 'running', T0 - 60_000), job('b', 'running', T0 - 60_000)], [], [], { a: T0, b: T0 + 10_000 });
    await sweeper.sweep(T0 + OVERDUE_MS);
    expect(abandoned).toEqual([]);
    await sweeper.sweep(T0 + OVERDUE_MS + 1);
    expect(abandoned).toEqual(['a: The job outlived its time limit.']);
  });

  it('queues again a queued job missing from the queue, and only that one', async () => {
    const { sweeper, added } = setup([job('lost', 'queued', T0 - 10 * PERIOD), job('waiting', 'queued', T0 - 10 * PERIOD)], [], ['waiting']);
    await sweeper.sweep(T0);
    expect(added).toEqual(['lost']);
  });
});
