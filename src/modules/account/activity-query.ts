import { AppError } from '../../common/errors/app-error.js';
import { DayRange, usageRange } from '../admin/usage-range.js';

/** Longest range GET /account/usage answers: a year and a day, so one answer stays small. */
export const MAX_RANGE_DAYS = 366;
/** Most rows GET /account/usage answers (the newest days'): a key crawling many hosts must not get millions of rows. */
export const MAX_USAGE_ROWS = 5000;
export const DEFAULT_JOBS_LIMIT = 20;
export const MAX_JOBS_LIMIT = 100;

type Query = object | undefined;

/** A query value given once, as text; a repeated parameter is a 422 on it. (Unknown parameters are refused by the route's DTO.) */
function single(query: Query, param: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[param];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw AppError.field(param, `${param} must be given once`);
  return value;
}

/** from/to as the admin usage route reads them (default: the current UTC month), at most MAX_RANGE_DAYS long. */
export function accountUsageRange(query: Query, now: Date = new Date()): DayRange {
  const range = usageRange({ from: single(query, 'from'), to: single(query, 'to') }, now);
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
  if (days > MAX_RANGE_DAYS) throw AppError.field('from', `the range must not be longer than ${MAX_RANGE_DAYS} days`);
  return range;
}

/** `limit`: an integer from 1 to MAX_JOBS_LIMIT, DEFAULT_JOBS_LIMIT when absent. */
export function jobsLimit(query: Query): number {
  const text = single(query, 'limit');
  if (text === undefined) return DEFAULT_JOBS_LIMIT;
  const limit = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(limit >= 1 && limit <= MAX_JOBS_LIMIT)) throw AppError.field('limit', `limit must be an integer from 1 to ${MAX_JOBS_LIMIT}`);
  return limit;
}
