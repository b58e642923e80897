import { AppError } from '../../common/errors/app-error.js';
import { utcDay, utcMonth } from '../billing/utc-day.js';

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

/** A real calendar day written YYYY-MM-DD, or a 422 on that parameter. */
export function parseDay(text: string, param: string): string {
  if (!isDay(text)) throw AppError.field(param, `${param} must be a date written YYYY-MM-DD`);
  return text;
}

/** The first day of the UTC month of `now`: where a range without `from` starts. */
export function firstDayOfMonth(now: Date = new Date()): string {
  return `${utcMonth(now)}-01`;
}

/** The last day of the UTC month of `now`: where a range without `to` ends. */
export function lastDayOfMonth(now: Date = new Date()): string {
  return utcDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)));
}

/** Both ends included. A missing `from` is the first day of the current UTC month, a missing `to` its last day. */
export function usageRange(query: { from?: string; to?: string }, now: Date = new Date()): DayRange {
  const from = query.from === undefined ? firstDayOfMonth(now) : parseDay(query.from, 'from');
  const to = query.to === undefined ? lastDayOfMonth(now) : parseDay(query.to, 'to');
  if (from > to) throw AppError.field('from', 'from must not be after to');
  return { from, to };
}
