import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../config/app-config.js';
import { JobJanitor } from './job-janitor.service.js';

/** A janitor over recording doubles: what it asked for, whom it abandoned, what it deleted. */
function janitor(failing = false) {
  const calls: string[] = [];
  const jobs = {
    deleteExpired: async (now: Date, finishedBefore: Date) => {
      calls.push(`deleteExpired ${now.toISOString()} ${finishedBefore.toISOString()}`);
      if (failing) throw new Error('database went away');
      return 3;
    },
  };
  return { calls, subject: new JobJanitor(loadConfig({}), jobs as never) };
}

describe('JobJanitor.sweep', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');

  it('deletes the results expired at the sweep, those finished RESULT_TTL_HOURS (24) ago at the earliest', async () => {
    const { calls, subject } = janitor();
    await subject.sweep(now);
    expect(calls).toEqual(['deleteExpired 2026-11-23T12:00:00.000Z 2026-11-22T12:00:00.000Z']);
  });

  it('survives a failing store: the sweep is logged and the next one runs', async () => {
    const { calls, subject } = janitor(true);
    await expect(subject.sweep(now)).resolves.toBeUndefined();
    await expect(subject.sweep(now)).resolves.toBeUndefined();
    expect(calls).toEqual(['deleteExpired 2026-11-23T12:00:00.000Z 2026-11-22T12:00:00.000Z', 'deleteExpired 2026-11-23T12:00:00.000Z 2026-11-22T12:00:00.000Z']);
  });
});
