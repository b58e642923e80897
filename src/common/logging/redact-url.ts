/** `key`, also percent-encoded in any case (`%6Bey`, `K%45Y`): the server decodes the name before it reads it. */
const KEY_PARAM = /([?&;](?:k|%[46]b)(?:e|%[46]5)(?:y|%[57]9)=)[^&#;]*/gi;
/** `webhook_url`: its query is often the receiver's token. */
const WEBHOOK_PARAM = /([?&;]webhook(?:_|%5f)url=)[^&#;]*/gi;

/** decisions.md 7.2: a URL as it may be logged, with the `key` (an API key) and `webhook_url` query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(KEY_PARAM, '$1[redacted]').replace(WEBHOOK_PARAM, '$1[redacted]');
}

/** A third party's URL as it may be logged: scheme, host and path; its query (often a token), fragment and credentials dropped. */
export function urlWithoutSecrets(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}${url.pathname}${url.search ? '?[redacted]' : ''}`;
  } catch {
    return '[unparsable URL]';
  }
}
