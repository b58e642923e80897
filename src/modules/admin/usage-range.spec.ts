import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import { parseDay, usageRange } from './usage-range.js';

const NOW = new Date('2024-02-10T23:59:59Z');

function fieldErrors(run: () => unknown): Record<string, string[]> | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.details.errors;
    throw error;
  }
  throw new Error('expected a 422');
}

describe('parseDay', () => {
  it.each(['2024-02-29', '2023-12-31', '1999-01-01'])('accepts %s', (day) => {
    expect(parseDay(day, 'from')).toBe(day);
  });

  it.each(['2023-02-29', '2024-13-01', '2024-00-10', '2024-1-1', '20240101', '2024-01-01T00:00:00Z', ' 2024-01-01', 'today', ''])(
    'refuses %j on the named parameter',
    (text) => {
      expect(fieldErrors(() => parseDay(text, 'to'))).toEqual({ to: ['to must be a date written YYYY-MM-DD'] });
    },
  );
});

describe('usageRange', () => {
  it('defaults to the current UTC month, both ends included', () => {
    expect(usageRange({}, NOW)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(usageRange({}, new Date('2023-12-31T12:00:00Z'))).toEqual({ from: '2023-12-01', to: '2023-12-31' });
  });

  it('fills only the missing end', () => {
    expect(usageRange({ from: '2024-01-15' }, NOW)).toEqual({ from: '2024-01-15', to: '2024-02-29' });
    expect(usageRange({ to: '2024-02-05' }, NOW)).toEqual({ from: '2024-02-01', to: '2024-02-05' });
  });

  it('accepts a single day', () => {
    expect(usageRange({ from: '2024-01-01', to: '2024-01-01' }, NOW)).toEqual({ from: '2024-01-01', to: '2024-01-01' });
  });

  it('refuses a range that ends before it starts', () => {
    expect(fieldErrors(() => usageRange({ from: '2024-01-02', to: '2024-01-01' }, NOW))).toEqual({ from: ['from must not be after to'] });
  });
});
