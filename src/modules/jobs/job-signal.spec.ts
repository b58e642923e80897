import { describe, expect, it, jest } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import { jobDeadlineSignal } from './job-signal.js';
import { useFakeClock } from '../../../test/unit/support/fake-clock.js';

describe('jobDeadlineSignal', () => {
  useFakeClock(1_000_000);

  it('aborts at the deadline with navigation_timeout as its reason', () => {
    const { signal } = jobDeadlineSignal(1_000_000 + 20_000);
    jest.advanceTimersByTime(19_999);
    expect(signal.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(AppError);
    expect((signal.reason as AppError).code).toBe('navigation_timeout');
  });

  it('never aborts once disposed (the job ended first)', () => {
    const job = jobDeadlineSignal(1_000_000 + 1000);
    job.dispose();
    jest.advanceTimersByTime(5000);
    expect(job.signal.aborted).toBe(false);
  });
});
