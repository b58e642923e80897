import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { startAppProcess } from '../test/harness/app-process.js';
import { runRate } from './load.js';
import { printTable } from './table.js';

const ADMIN = 'bench-admin';
const REDIS_URL = process.env.BENCH_BACKLOG_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const QUEUED = Number(process.env.BENCH_BACKLOG_JOBS ?? 10_000);
const ORGANIZATIONS = 4;

async function admin(baseUrl: string, method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as Record<string, unknown>;
}

/** Enterprise organizations whose concurrency covers the whole backlog (burst: 500/s each). */
async function organizations(baseUrl: string): Promise<string[]> {
  return Promise.all(Array.from({ length: ORGANIZATIONS }, async (_, i) => {
    const created = await admin(baseUrl, 'POST', '/admin/organizations', { name: `backlog-${i}`, plan: 'enterprise', credits: QUEUED });
    await admin(baseUrl, 'PATCH', `/admin/organizations/${created.id as string}`, { concurrency: QUEUED });
    return created.api_key as string;
  }));
}

/** Queues `QUEUED` jobs through GET /crawl (answered 202 at once); the last one's id. */
async function fill(baseUrl: string, keys: string[], url: string): Promise<string> {
  let next = 0;
  let last = '';
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (next < QUEUED) {
      const index = next++;
      for (;;) {
        const response = await fetch(`${baseUrl}/crawl?url=${encodeURIComponent(url)}&js=false`, { headers: { authorization: `Bearer ${keys[index % keys.length]}` } });
        await response.arrayBuffer();
        if (response.status === 202) {
          if (index === QUEUED - 1) last = response.headers.get('x-job-id')!;
          break;
        }
        if (response.status !== 429) throw new Error(`queueing answered ${response.status}`);
      }
    }
  }));
  return last;
}

/**
 * GET /crawl/{job} of a queued job at the end of a backlog of 10,000 (issue 24 item 5: position from one ZRANK, not a
 * read of the whole wait list). An API-only process on a Redis database of its own: no worker takes the jobs.
 */
export async function backlogCollectionRun(targetUrl: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  await redis.quit();
  const app = await startAppProcess('bench-backlog', {
    ROLE: 'api', ADMIN_TOKEN: ADMIN, DATA_DIR: mkdtempSync(join(tmpdir(), 'crawlgate-backlog-')), REDIS_URL,
    ALLOW_PRIVATE_TARGETS: 'true', SYNC_WAIT_MS: '0', LOG_LEVEL: 'warn',
  });
  try {
    const keys = await organizations(app.baseUrl);
    const started = performance.now();
    const jobId = await fill(app.baseUrl, keys, targetUrl);
    const fillSeconds = (performance.now() - started) / 1000;
    const key = keys[(QUEUED - 1) % keys.length];
    let position: number | null = null;
    const result = await runRate(200, 5000, async () => {
      const response = await fetch(`${app.baseUrl}/crawl/${jobId}`, { headers: { authorization: `Bearer ${key}` } });
      position = ((await response.json()) as { position: number | null }).position;
      return response.status === 202;
    });
    printTable(`GET /crawl/{job}, a queued job behind ${QUEUED - 1} others, 200 requests/s for 5 s`, [
      { queued: QUEUED, position: position ?? 'null', 'answers/s': result.pagesPerSecond, 'p50 ms': result.p50, 'p99 ms': result.p99, failures: result.failures, 'fill s': fillSeconds },
    ]);
  } finally {
    await app.stop();
  }
}
