import { utcDay, utcMonth } from './utc-day.js';

/** A range of UTC days, both ends included (the usage reports' query once validated). */
export interface DayRange {
  readonly from: string;
  readonly to: string;
}

/** A real calendar day written YYYY-MM-DD. */
export function isDay(text: unknown): text is string {
  const match = typeof text === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null;
  // Date.UTC rolls 2024-02-30 over to March, so only a real day survives the round trip.
  return match !== null && utcDay(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))) === text;
}

/**
 * The month a range without `from` starts in: the month of its `to` when that one is a day (`?to=2026-11-15` alone is
 * the first half of November, where the current month's first day would come after it), else the current UTC month.
 */
export function monthOfEnd(to: unknown): Date {
  return isDay(to) ? new Date(`${to}T00:00:00Z`) : new Date();
}

/** The first day of the UTC month of `now`: where a range without `from` starts. */
export function firstDayOfMonth(now: Date = new Date()): string {
  return `${utcMonth(now)}-01`;
}

/** The last day of the UTC month of `now`: where a range without `to` ends. */
export function lastDayOfMonth(now: Date = new Date()): string {
  return utcDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)));
}
