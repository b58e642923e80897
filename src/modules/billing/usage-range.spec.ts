import { describe, expect, it } from '@jest/globals';
import { firstDayOfMonth, isDay, lastDayOfMonth, monthOfEnd } from './usage-range.js';

describe('isDay', () => {
  it.each(['2024-02-29', '2023-12-31', '1999-01-01'])('accepts %s', (day) => {
    expect(isDay(day)).toBe(true);
  });

  it.each(['2023-02-29', '2024-13-01', '2024-00-10', '2024-1-1', '20240101', '2024-01-01T00:00:00Z', ' 2024-01-01', 'today', '', undefined, ['2024-01-01']])(
    'refuses %j',
    (text) => {
      expect(isDay(text)).toBe(false);
    },
  );
});

describe('the current UTC month, the default range', () => {
  it('starts on its first day and ends on its last, leap days and year ends included', () => {
    const at = (iso: string) => [firstDayOfMonth(new Date(iso)), lastDayOfMonth(new Date(iso))];
    expect(at('2024-02-10T23:59:59Z')).toEqual(['2024-02-01', '2024-02-29']);
    expect(at('2023-02-01T00:00:00Z')).toEqual(['2023-02-01', '2023-02-28']);
    expect(at('2023-12-31T12:00:00Z')).toEqual(['2023-12-01', '2023-12-31']);
  });
});

describe('a range given its end alone', () => {
  it("starts on the first day of that end's month, or of the current month when the end is no day", () => {
    expect([firstDayOfMonth(monthOfEnd('2026-11-15')), firstDayOfMonth(monthOfEnd('2024-02-29'))]).toEqual(['2026-11-01', '2024-02-01']);
    expect([firstDayOfMonth(monthOfEnd(undefined)), firstDayOfMonth(monthOfEnd(['2024-02-03']))]).toEqual([firstDayOfMonth(), firstDayOfMonth()]);
  });
});
