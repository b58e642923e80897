import { describe, expect, it } from '@jest/globals';
import { atTime, checkQuery } from '../../../../test/fixtures/query-check.js';
import { AccountJobsQuery, AccountUsageQuery } from './activity-query.dto.js';

const usage = (query: object) => checkQuery(AccountUsageQuery, query, 'from', 'to');
const jobs = (query: object) => checkQuery(AccountJobsQuery, query, 'limit');

describe('AccountUsageQuery (GET /account/usage)', () => {
  atTime('2026-03-15T10:00:00Z');

  it('defaults to the current UTC month and ignores key', () => {
    expect(usage({ key: 'cg_x' })).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(usage({})).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(usage({ from: '2026-02-10' })).toEqual({ from: '2026-02-10', to: '2026-03-31' });
  });

  it('takes a range of up to 366 days, both ends included', () => {
    expect(usage({ from: '2024-01-01', to: '2024-12-31' })).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(usage({ from: '2023-01-01', to: '2024-01-01' })).toEqual({ from: '2023-01-01', to: '2024-01-01' });
    expect(usage({ from: '2023-01-01', to: '2024-01-02' })).toEqual({ from: ['the range must not be longer than 366 days'] });
    // A missing end counts from the current month: from alone, more than a year back, is too long.
    expect(usage({ from: '2025-03-30' })).toEqual({ from: ['the range must not be longer than 366 days'] });
  });

  it('refuses a range that ends before it starts, on from; a lone to in an earlier month starts on that month\'s first day', () => {
    expect(usage({ from: '2026-03-02', to: '2026-03-01' })).toEqual({ from: ['from must not be after to'] });
    expect(usage({ to: '2026-02-20' })).toEqual({ from: '2026-02-01', to: '2026-02-20' });
  });

  it('refuses a malformed parameter on its name, with one message (a repeated one never reaches it: single-valued-query.interceptor.ts)', () => {
    expect(usage({ to: '2026-13-01' })).toEqual({ to: ['to must be a date written YYYY-MM-DD'] });
    expect(usage({ from: '' })).toEqual({ from: ['from must be a date written YYYY-MM-DD'] });
    expect(usage({ from: '2026-03-01', to: 'yesterday' })).toEqual({ to: ['to must be a date written YYYY-MM-DD'] });
    expect(usage({ limit: '5' })).toEqual({ limit: ['limit is not accepted here'] });
  });
});

describe('AccountJobsQuery (GET /account/jobs)', () => {
  it('defaults to 20 and takes 1 to 100', () => {
    expect([jobs({}), jobs({ limit: '1' }), jobs({ limit: '100' }), jobs({ limit: '007' }), jobs({ key: 'cg_x' })]).toEqual(
      [20, 1, 100, 7, 20].map((limit) => ({ limit })),
    );
  });

  it.each(['0', '101', '-1', '1.5', '1e2', ' 5', '', 'ten', '99999'])('refuses limit=%j', (limit) => {
    expect(jobs({ limit })).toEqual({ limit: ['limit must be an integer from 1 to 100'] });
  });

  it('refuses an unknown parameter', () => {
    expect(jobs({ from: '2026-01-01' })).toEqual({ from: ['from is not accepted here'] });
  });
});
