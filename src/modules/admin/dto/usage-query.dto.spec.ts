import { describe, expect, it } from '@jest/globals';
import { atTime, checkQuery } from '../../../../test/fixtures/query-check.js';
import { UsageQueryDto } from './usage-query.dto.js';

const range = (query: object) => checkQuery(UsageQueryDto, query, 'from', 'to');

describe('UsageQueryDto (GET /admin/organizations/:id/usage)', () => {
  atTime('2024-02-10T23:59:59Z');

  it('defaults to the current UTC month, both ends included, and fills only the missing end', () => {
    expect(range({})).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(range({ from: '2024-01-15' })).toEqual({ from: '2024-01-15', to: '2024-02-29' });
    expect(range({ to: '2024-02-05' })).toEqual({ from: '2024-02-01', to: '2024-02-05' });
  });

  it('accepts a single day and a range of any length', () => {
    expect(range({ from: '2024-01-01', to: '2024-01-01' })).toEqual({ from: '2024-01-01', to: '2024-01-01' });
    expect(range({ from: '2000-01-01', to: '2024-01-01' })).toEqual({ from: '2000-01-01', to: '2024-01-01' });
  });

  it('refuses a range that ends before it starts, on from; a lone to in an earlier month starts on that month\'s first day', () => {
    expect(range({ from: '2024-01-02', to: '2024-01-01' })).toEqual({ from: ['from must not be after to'] });
    expect(range({ to: '2024-01-31' })).toEqual({ from: '2024-01-01', to: '2024-01-31' });
  });

  it('refuses a malformed day and an unknown parameter, each on its name', () => {
    expect(range({ from: '2024-02-30' })).toEqual({ from: ['from must be a date written YYYY-MM-DD'] });
    expect(range({ to: '01/02/2024' })).toEqual({ to: ['to must be a date written YYYY-MM-DD'] });
    expect(range({ day: '2024-03-01' })).toEqual({ day: ['day is not accepted here'] });
  });
});
