/** decisions.md 9.3: a target's 429 or 503 with Retry-After pauses its host for the crawl, at most 120 s, twice at most. */
export const RETRY_AFTER_CAP_MS = 120_000;
export const MAX_TARGET_RETRIES = 2;
const PAUSED_STATUSES = new Set([429, 503]);

/** Retry-After (delay-seconds or an HTTP date) as ms from `now`, capped; null when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const text = value.trim();
  // An HTTP date names its day and month: bare numbers other than whole seconds are not one.
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : /[A-Za-z]{3}/.test(text) ? Date.parse(text) - now : NaN;
  if (Number.isNaN(ms)) return null;
  return Math.min(RETRY_AFTER_CAP_MS, Math.max(0, ms));
}

/** The pause a page's answer asks for before it is tried again, or null when it is recorded as it is. */
export function targetPause(status: number | undefined, retryAfter: string | null | undefined, retries: number, now = Date.now()): number | null {
  if (status === undefined || !PAUSED_STATUSES.has(status) || retries >= MAX_TARGET_RETRIES) return null;
  return retryAfterMs(retryAfter, now);
}
