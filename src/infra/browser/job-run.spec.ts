import { describe, expect, it, jest } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { JobRun } from './job-run.js';
import { useFakeClock } from '../../../test/unit/support/fake-clock.js';

describe('JobRun', () => {
  useFakeClock(1_000_000);

  it('says when each step was reached, counted from the request for a page', () => {
    const run = new JobRun('job-1', 1_000_000 + 20_000);
    expect(run.timeline()).toBe('no step reached');
    jest.advanceTimersByTime(7);
    run.mark('tab');
    jest.advanceTimersByTime(5993);
    run.mark('network idle');
    expect(run.timeline()).toBe('tab +7 ms, network idle +6000 ms');
    expect(run.elapsedMs()).toBe(6000);
    expect(run.notable).toBe(false);
    run.mark('capture asked again', true);
    run.mark('captured');
    expect(run.notable).toBe(true);
    run.dispose();
  });

  it('ends with navigation_timeout at its deadline and runs its stop hooks once', async () => {
    const run = new JobRun('job-2', 1_000_000 + 1000);
    const stopped = jest.fn();
    run.onStop(stopped);
    const pending = run.race(new Promise(() => undefined));
    jest.advanceTimersByTime(1000);
    await expect(pending).rejects.toMatchObject({ code: 'navigation_timeout' });
    expect(run.deadlinePassed).toBe(true);
    run.fail(new AppError(ErrorCode.BrowserCrashed, 'late'));
    expect(stopped).toHaveBeenCalledTimes(1);
    expect((run.signal.reason as AppError).code).toBe('navigation_timeout');
  });

  it("ends on the job's signal when given one, not on a timer of its own", async () => {
    const job = new AbortController();
    const run = new JobRun('job-3', 1_000_000 + 1000, job.signal);
    const pending = run.race(new Promise(() => undefined));
    jest.advanceTimersByTime(5000);
    expect(run.ended).toBe(false);
    job.abort();
    await expect(pending).rejects.toMatchObject({ code: 'navigation_timeout' });
    expect(run.deadlinePassed).toBe(true);
  });

  it('ends at once on a job signal that has already aborted', async () => {
    const run = new JobRun('job-4', 1_000_000 + 1000, AbortSignal.abort());
    await expect(run.race(new Promise(() => undefined))).rejects.toMatchObject({ code: 'navigation_timeout' });
  });
});
