const KEY_PARAM = /([?&;]key=)[^&#;]*/gi;

/** decisions.md 7.2: a URL as it may be logged, with the `key` query parameter (an API key) replaced. */
export function redactUrl(url: string): string {
  return url.replace(KEY_PARAM, '$1[redacted]');
}
