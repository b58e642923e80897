import type { UsageDay } from './usage.repository.js';

/** One UTC day and host of an organization's usage, as the admin API and GET /account/usage answer it (snake_case). */
export interface UsageDayView {
  readonly date: string;
  readonly host: string;
  readonly crawls: number;
  readonly attempts: number;
  readonly credits: number;
}

export function usageDayView(day: UsageDay): UsageDayView {
  return { date: day.date, host: day.host, crawls: day.crawls, attempts: day.attempts, credits: day.credits };
}
