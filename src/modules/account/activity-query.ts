/** Longest range GET /account/usage answers: a year and a day, so one answer stays small. */
export const MAX_RANGE_DAYS = 366;
/** Most rows GET /account/usage answers (the newest days'): a key crawling many hosts must not get millions of rows. */
export const MAX_USAGE_ROWS = 5000;
export const DEFAULT_JOBS_LIMIT = 20;
export const MAX_JOBS_LIMIT = 100;
