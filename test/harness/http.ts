import { testEnv } from './env.js';

export interface CallResult {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body parsed as JSON (throws when it is not JSON). */
  readonly body: Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface CallOptions {
  readonly key?: string;
  readonly query?: Record<string, string>;
  readonly method?: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

/** One request to the app under test; `key` goes in the Authorization header. */
export async function call(path: string, options: CallOptions = {}): Promise<CallResult> {
  const url = new URL(path, testEnv().baseUrl);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
  const text = await response.text();
  let parsed: CallResult['body'] | undefined;
  return {
    status: response.status,
    headers: response.headers,
    text,
    get body() {
      parsed ??= JSON.parse(text);
      return parsed!;
    },
  };
}

/** Polls GET /crawl/{job} until it is no longer 202. */
export async function collect(jobId: string, key: string, timeoutMs = 60_000): Promise<CallResult> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const result = await call(`/crawl/${jobId}`, { key });
    if (result.status !== 202 || Date.now() > until) return result;
    await new Promise((done) => setTimeout(done, 250));
  }
}

/**
 * The answer of a metered call, collected when it was a 202 (a busy machine may pass SYNC_WAIT_MS). The collected
 * answer carries the 202's `x-credits-charged` and its JSON body the 202's `credits_charged` and `credits_remaining`,
 * which a collection (free) has not, so a test checks the charge either way.
 */
export async function settle(first: CallResult, key: string): Promise<CallResult> {
  if (first.status !== 202) return first;
  const collected = await collect(first.body.job_id as string, key);
  const headers = new Headers(collected.headers);
  const charged = first.headers.get('x-credits-charged');
  if (charged !== null) headers.set('x-credits-charged', charged);
  return {
    status: collected.status,
    headers,
    text: collected.text,
    get body() {
      const credits = Object.fromEntries(['credits_charged', 'credits_remaining'].filter((name) => name in first.body).map((name) => [name, first.body[name]]));
      return collected.body && typeof collected.body === 'object' && !Array.isArray(collected.body) ? { ...collected.body, ...credits } : collected.body;
    },
  };
}
