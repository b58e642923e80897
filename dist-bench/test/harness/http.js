import { testEnv } from './env.js';
/** One request to the app under test; `key` goes in the Authorization header. */
export async function call(path, options = {}) {
    const url = new URL(path, testEnv().baseUrl);
    for (const [name, value] of Object.entries(options.query ?? {}))
        url.searchParams.set(name, value);
    const headers = { ...(options.headers ?? {}) };
    if (options.key)
        headers.authorization = `Bearer ${options.key}`;
    if (options.body !== undefined)
        headers['content-type'] ??= 'application/json';
    const response = await fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    });
    const text = await response.text();
    let parsed;
    return {
        status: response.status,
        headers: response.headers,
        text,
        get body() {
            parsed ??= JSON.parse(text);
            return parsed;
        },
    };
}
/** Polls GET /crawl/{job} until it is no longer 202. */
export async function collect(jobId, key, timeoutMs = 60_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
        const result = await call(`/crawl/${jobId}`, { key });
        if (result.status !== 202 || Date.now() > until)
            return result;
        await new Promise((done) => setTimeout(done, 250));
    }
}
