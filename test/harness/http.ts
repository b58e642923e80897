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
