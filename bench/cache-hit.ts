import { readFile } from 'node:fs/promises';
import { LoadResult, runLoad } from './load.js';
import { loadAverage } from './process-cpu.js';
import { printTable } from './table.js';

/** One GET /crawl of the page with extra query parameters; true when answered 200 (and, for `hit`, from the copy). */
export type CrawlWith = (extra: string, expectHit?: boolean) => () => Promise<boolean>;

/**
 * decisions.md 9.6 (issue 40): a hit from the stored copy against a fresh fetch of the same page (static page,
 * wait_until=load, js=true), at each concurrency. Target: a hit's p50 <= 10 ms and >= 20x the fetch's pages/s.
 */
export async function cacheHitRun(crawlWith: CrawlWith, seconds: number, concurrencies: readonly number[], servicePid: number): Promise<void> {
  const rows: Array<Record<string, string | number>> = [];
  const fetchOnce = crawlWith('&max_age=0');
  const hitOnce = crawlWith('&max_age=3600000', true);
  // The copy the hits answer from: one fetch, stored.
  if (!(await fetchOnce())) throw new Error('the fetch that stores the copy failed');
  for (const concurrency of concurrencies) {
    await runLoad(concurrency, 1000, fetchOnce);
    const fetched = await metered(servicePid, () => runLoad(concurrency, seconds, fetchOnce));
    await runLoad(concurrency, 1000, hitOnce);
    const hit = await metered(servicePid, () => runLoad(concurrency, seconds, hitOnce));
    rows.push(line('fetch (max_age=0)', concurrency, fetched), line('hit (max_age=1h)', concurrency, hit, {
      'hit/fetch pages/s': hit.pagesPerSecond / fetched.pagesPerSecond, load: loadAverage().replace('load average ', ''),
    }));
  }
  printTable(`GET /crawl: a hit from the stored copy vs a fresh fetch (static page, wait_until=load, js=true; ${loadAverage()})`, rows);
}

function line(setup: string, concurrency: number, result: LoadResult & { nodeCpuMs: number }, extra: Record<string, string | number> = {}) {
  return {
    setup, c: concurrency, 'pages/s': result.pagesPerSecond, 'p50 ms': result.p50, 'p95 ms': result.p95, failures: result.failures,
    'service node CPU ms/page': result.nodeCpuMs, ...extra,
  };
}

/** The run, with the CPU the service's node process spent per answered page (its own: not Chromium, Redis or the database; with BENCH_SPLIT=1 the API's only). */
async function metered(pid: number, run: () => Promise<LoadResult>): Promise<LoadResult & { nodeCpuMs: number }> {
  const before = await cpuTicks(pid);
  const started = performance.now();
  const result = await run();
  const pages = Math.max(1, Math.round((result.pagesPerSecond * (performance.now() - started)) / 1000));
  return { ...result, nodeCpuMs: ((await cpuTicks(pid)) - before) * 10 / pages };
}

/** utime + stime of /proc/<pid>/stat, in clock ticks (100 per second on Linux). */
async function cpuTicks(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
