import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../config/app-config.js';
import { JobJanitor } from './job-janitor.service.js';

/** A janitor over recording doubles: what it asked for, whom it abandoned, what it deleted. */
function janitor(failing = false, counts: number[] = [3], keyCounts: number[] = [0]) {
  const calls: string[] = [];
  const jobs = {
    deleteExpired: async (now: Date, finishedBefore: Date) => {
      calls.push(`deleteExpired ${now.toISOString()} ${finishedBefore.toISOString()}`);
      if (failing) throw new Error('database went away');
      return counts.shift() ?? 500;
    },
    deleteExpiredKeys: async (now: Date) => {
      calls.push(`deleteExpiredKeys ${now.toISOString()}`);
      return keyCounts.shift() ?? 500;
    },
  };
  return { calls, subject: new JobJanitor(loadConfig({}), jobs as never) };
}

describe('JobJanitor.sweep', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');

  it('deletes the results expired at the sweep, those finished RESULT_TTL_HOURS (24) ago at the earliest', async () => {
    const { calls, subject } = janitor();
    await subject.sweep(now);
    expect(calls).toEqual(['deleteExpired 2026-11-23T12:00:00.000Z 2026-11-22T12:00:00.000Z', 'deleteExpiredKeys 2026-11-23T12:00:00.000Z']);
  });

  it('takes batch after batch while they come back full (500), so a busy service never falls behind, 40 at most a round', async () => {
    const of = (calls: string[], name: string) => calls.filter((call) => call.split(' ')[0] === name);
    const some = janitor(false, [500, 500, 123], [500, 7]);
    await some.subject.sweep(now);
    expect(of(some.calls, 'deleteExpired')).toHaveLength(3);
    expect(of(some.calls, 'deleteExpiredKeys')).toHaveLength(2);
    const endless = janitor(false, [], []);
    await endless.subject.sweep(now);
    expect(of(endless.calls, 'deleteExpired')).toHaveLength(40);
    expect(of(endless.calls, 'deleteExpiredKeys')).toHaveLength(40);
  });

  it('survives a failing store: the sweep is logged and the next one runs', async () => {
    const { calls, subject } = janitor(true);
    await expect(subject.sweep(now)).resolves.toBeUndefined();
    await expect(subject.sweep(now)).resolves.toBeUndefined();
    expect(calls).toEqual(['deleteExpired 2026-11-23T12:00:00.000Z 2026-11-22T12:00:00.000Z', 'deleteExpired 2026-11-23T12:00:00.000Z 2026-11-22T12:00:00.000Z']);
  });
});
