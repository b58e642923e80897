import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../config/app-config.js';
import { JobJanitor } from './job-janitor.service.js';

/** A janitor over recording doubles: what it asked for, whom it abandoned, what it deleted. */
function janitor(stuck: Array<{ id: string; kind: string; organizationId: string }>, failing = false) {
  const calls: string[] = [];
  const jobs = {
    listStuck: async (before: Date) => {
      calls.push(`listStuck ${before.toISOString()}`);
      if (failing) throw new Error('database went away');
      return stuck;
    },
    deleteExpired: async (now: Date) => (calls.push(`deleteExpired ${now.toISOString()}`), 3),
  };
  const runner = { abandon: async (payload: { jobId: string }, reason: string) => void calls.push(`abandon ${payload.jobId}: ${reason}`) };
  const config = loadConfig({ JOB_TIMEOUT_MS: '90000', CHAT_TIMEOUT_MS: '150000' });
  return { calls, subject: new JobJanitor(config, jobs as never, runner as never) };
}

describe('JobJanitor.sweep', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');

  it('abandons jobs running past the longest time limit plus two sweeps, then deletes expired results', async () => {
    const { calls, subject } = janitor([{ id: 'a_1', kind: 'crawl', organizationId: 'o1' }, { id: 'a_2', kind: 'chat', organizationId: 'o2' }]);
    await subject.sweep(now);
    expect(calls).toEqual([
      // 150 s (CHAT_TIMEOUT_MS, the longer) + 2 x 60 s before now.
      'listStuck 2026-11-23T11:55:30.000Z',
      'abandon a_1: The job outlived every time limit.',
      'abandon a_2: The job outlived every time limit.',
      'deleteExpired 2026-11-23T12:00:00.000Z',
    ]);
  });

  it('survives a failing store: the sweep is logged and the next one runs', async () => {
    const { calls, subject } = janitor([], true);
    await expect(subject.sweep(now)).resolves.toBeUndefined();
    expect(calls).toEqual(['listStuck 2026-11-23T11:55:30.000Z']);
  });
});
