import { describe, expect, it } from '@jest/globals';
import { isAppError } from '../../common/errors/app-error.js';
import { accountUsageRange, jobsLimit } from './activity-query.js';

function fieldErrors(run: () => unknown): Record<string, string[]> | undefined {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return error.details.errors;
    throw error;
  }
  return undefined;
}

describe('accountUsageRange', () => {
  const now = new Date('2026-03-15T10:00:00Z');

  it('defaults to the current UTC month and ignores other parameters such as key', () => {
    expect(accountUsageRange({ key: 'cg_x' }, now)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(accountUsageRange(undefined, now)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
  });

  it('takes a range of up to 366 days, both ends included', () => {
    expect(accountUsageRange({ from: '2024-01-01', to: '2024-12-31' }, now)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(accountUsageRange({ from: '2023-01-01', to: '2024-01-01' }, now)).toEqual({ from: '2023-01-01', to: '2024-01-01' });
    expect(fieldErrors(() => accountUsageRange({ from: '2023-01-01', to: '2024-01-02' }, now))).toEqual({ from: ['the range must not be longer than 366 days'] });
  });

  it('refuses a repeated or malformed parameter on its name', () => {
    expect(fieldErrors(() => accountUsageRange({ from: ['2026-01-01', '2026-01-02'] }, now))).toEqual({ from: ['from must be given once'] });
    expect(Object.keys(fieldErrors(() => accountUsageRange({ to: '2026-13-01' }, now)) ?? {})).toEqual(['to']);
  });
});

describe('jobsLimit', () => {
  it('defaults to 20 and takes 1 to 100', () => {
    expect([jobsLimit({}), jobsLimit({ limit: '1' }), jobsLimit({ limit: '100' }), jobsLimit({ limit: '007' })]).toEqual([20, 1, 100, 7]);
  });

  it.each(['0', '101', '-1', '1.5', '1e2', ' 5', '', 'ten', '99999'])('refuses limit=%j', (limit) => {
    expect(fieldErrors(() => jobsLimit({ limit }))).toEqual({ limit: ['limit must be an integer from 1 to 100'] });
  });
});
