import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { isAppError } from '../../../common/errors/app-error.js';
import { validateDto } from '../../../common/validation/validate-dto.js';
import { AccountJobsQuery, AccountUsageQuery } from './activity-query.dto.js';

function fieldErrors(run: () => unknown): Record<string, string[]> | undefined {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return error.details.errors;
    throw error;
  }
  return undefined;
}

const usage = (query: object) => {
  const { from, to } = validateDto(AccountUsageQuery, query);
  return { from, to };
};
const limit = (query: object) => validateDto(AccountJobsQuery, query).limit;

describe('AccountUsageQuery', () => {
  beforeAll(() => {
    jest.useFakeTimers({ now: new Date('2026-03-15T10:00:00Z') });
  });
  afterAll(() => {
    jest.useRealTimers();
  });

  it('defaults to the current UTC month and ignores key', () => {
    expect(usage({ key: 'cg_x' })).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(usage({})).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(usage({ from: '2026-02-10' })).toEqual({ from: '2026-02-10', to: '2026-03-31' });
    expect(usage({ to: '2026-03-05' })).toEqual({ from: '2026-03-01', to: '2026-03-05' });
  });

  it('takes a range of up to 366 days, both ends included', () => {
    expect(usage({ from: '2024-01-01', to: '2024-12-31' })).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(usage({ from: '2023-01-01', to: '2024-01-01' })).toEqual({ from: '2023-01-01', to: '2024-01-01' });
    expect(fieldErrors(() => usage({ from: '2023-01-01', to: '2024-01-02' }))).toEqual({ from: ['the range must not be longer than 366 days'] });
    // A missing end counts from the current month: from alone, a year and more back, is too long.
    expect(fieldErrors(() => usage({ from: '2025-03-30' }))).toEqual({ from: ['the range must not be longer than 366 days'] });
  });

  it('refuses a range that ends before it starts, the defaulted start included, on from', () => {
    expect(fieldErrors(() => usage({ from: '2026-03-02', to: '2026-03-01' }))).toEqual({ from: ['from must not be after to'] });
    expect(fieldErrors(() => usage({ to: '2026-02-28' }))).toEqual({ from: ['from must not be after to'] });
  });

  it('refuses a repeated or malformed parameter on its name, with one message', () => {
    expect(fieldErrors(() => usage({ from: ['2026-01-01', '2026-01-02'] }))).toEqual({ from: ['from must be given once'] });
    expect(fieldErrors(() => usage({ to: '2026-13-01' }))).toEqual({ to: ['to must be a date written YYYY-MM-DD'] });
    expect(fieldErrors(() => usage({ from: '2026-02-30' }))).toEqual({ from: ['from must be a date written YYYY-MM-DD'] });
    expect(fieldErrors(() => usage({ from: '' }))).toEqual({ from: ['from must be a date written YYYY-MM-DD'] });
    expect(fieldErrors(() => usage({ to: 'yesterday', from: '2026-03-01' }))).toEqual({ to: ['to must be a date written YYYY-MM-DD'] });
  });

  it('refuses a parameter it does not know', () => {
    expect(fieldErrors(() => usage({ limit: '5' }))).toEqual({ limit: ['limit is not accepted here'] });
  });
});

describe('AccountJobsQuery', () => {
  it('defaults to 20 and takes 1 to 100', () => {
    expect([limit({}), limit({ limit: '1' }), limit({ limit: '100' }), limit({ limit: '007' }), limit({ key: 'cg_x' })]).toEqual([20, 1, 100, 7, 20]);
  });

  it.each(['0', '101', '-1', '1.5', '1e2', ' 5', '', 'ten', '99999'])('refuses limit=%j', (text) => {
    expect(fieldErrors(() => limit({ limit: text }))).toEqual({ limit: ['limit must be an integer from 1 to 100'] });
  });

  it('refuses a repeated limit and an unknown parameter', () => {
    expect(fieldErrors(() => limit({ limit: ['1', '2'] }))).toEqual({ limit: ['limit must be given once'] });
    expect(fieldErrors(() => limit({ from: '2026-01-01' }))).toEqual({ from: ['from is not accepted here'] });
  });
});
