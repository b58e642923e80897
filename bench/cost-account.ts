import type { LoadResult } from './load.js';
import { runCount } from './load.js';
import { loadAverage, meterCpu, perCrawl, ProcessLooker } from './process-cpu.js';
import { measureRaw, type RawMode } from './raw-puppeteer.js';
import { printTable } from './table.js';

const CRAWLS = Number(process.env.BENCH_ACCOUNT_CRAWLS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_ACCOUNT_C ?? 2);
/** Shared servers: their CPU includes whatever else uses them meanwhile (other stacks on the machine). */
const SHARED = { redis: /^redis-server /, database: /^\/usr\/sbin\/(mariadbd|mysqld)\b/ };
/** The order of a job's steps, by the names the service marks them with. */
const STEPS = ['admission', 'queue wait', 'dispatch', 'tab', 'ready', 'parsed', 'navigated', 'network idle', 'read', 'record', 'release', 'answer', 'wipe'];
const STEP_NAMES: Record<string, string> = { tab: 'tab handed out', ready: 'tab preparation', parsed: 'navigation (parsed)', navigated: 'navigation', read: 'read', release: 'release (slot, line, end event)', wipe: 'wipe (after the answer)' };

export interface AccountTarget {
  /** The service's node processes by label: one (API + worker), or the API and the worker (BENCH_SPLIT=1). */
  readonly nodes: Record<string, number>;
  readonly metrics: () => Promise<string>;
  readonly crawl: (url: string) => () => Promise<boolean>;
  readonly proxyUrl: string;
  readonly executablePath: string;
}

/** Seconds summed and count per step, from the service's crawlgate_job_step_seconds histogram. */
function stepTotals(text: string): Map<string, { sum: number; count: number }> {
  const totals = new Map<string, { sum: number; count: number }>();
  for (const match of text.matchAll(/^crawlgate_job_step_seconds_(sum|count)\{step="([^"]+)"\} (\S+)$/gm)) {
    // Summed: with the API and the worker in two processes, each reports the steps it takes.
    const entry = totals.get(match[2]) ?? { sum: 0, count: 0 };
    entry[match[1] as 'sum' | 'count'] += Number(match[3]);
    totals.set(match[2], entry);
  }
  return totals;
}

async function bracket(target: AccountTarget, run: () => Promise<LoadResult>) {
  const looker = new ProcessLooker({ 'bench (client, proxy, site)': process.pid, ...target.nodes }, SHARED);
  const stepsBefore = stepTotals(await target.metrics());
  const { result, cpuMs } = await meterCpu(looker, run);
  const stepsAfter = stepTotals(await target.metrics());
  return { result, cpu: perCrawl(cpuMs, CRAWLS), stepsBefore, stepsAfter };
}

/**
 * `npm run bench:crawl -- --account`: CPU milliseconds per crawl of every process over CRAWLS crawls, from
 * /proc/<pid>/stat looked at every 200 ms (a browser replaced after its jobs counts up to its end, its successor
 * from its start), for GET /crawl and for raw reused pages, bare and wiped after each page as the service wipes its
 * tabs, and for raw puppeteer driving the worker's own tab (service-tab.ts; its relay runs in the bench process),
 * wait_until=load, plus the mean wall time of each job step.
 */
export async function costAccount(target: AccountTarget, pages: Record<string, string>): Promise<void> {
  const columns = new Map<string, Map<string, number>>();
  const results: Array<Record<string, string | number>> = [];
  const steps: Array<Record<string, string | number>> = [];
  for (const [name, url] of Object.entries(pages)) {
    await runCount(CONCURRENCY, 20, target.crawl(url));
    const service = await bracket(target, () => runCount(CONCURRENCY, CRAWLS, target.crawl(url)));
    const raw = await rawAccount(target, url, 'reused-pages');
    const wiped = await rawAccount(target, url, 'reused-wiped');
    const tab = await rawAccount(target, url, 'service-tab');
    columns.set(`${name}: GET /crawl`, service.cpu);
    columns.set(`${name}: raw reused`, raw.cpu);
    columns.set(`${name}: raw reused + wipe`, wiped.cpu);
    columns.set(`${name}: raw, service's tab`, tab.cpu);
    results.push({
      page: name,
      'service pages/s': service.result.pagesPerSecond,
      'raw pages/s': raw.result.pagesPerSecond,
      'raw + wipe pages/s': wiped.result.pagesPerSecond,
      "raw, service's tab pages/s": tab.result.pagesPerSecond,
      'service p50 ms': service.result.p50,
      'raw p50 ms': raw.result.p50,
      'raw + wipe p50 ms': wiped.result.p50,
      "raw, service's tab p50 ms": tab.result.p50,
      failures: service.result.failures + raw.result.failures + wiped.result.failures + tab.result.failures,
    });
    for (const step of [...STEPS, ...[...service.stepsAfter.keys()].filter((key) => !STEPS.includes(key))]) {
      const after = service.stepsAfter.get(step);
      if (!after) continue;
      const before = service.stepsBefore.get(step) ?? { sum: 0, count: 0 };
      const count = after.count - before.count;
      if (count === 0) continue;
      steps.push({ page: name, step: STEP_NAMES[step] ?? step, 'mean ms': ((after.sum - before.sum) * 1000) / count, times: count });
    }
  }
  const groups = [...new Set([...columns.values()].flatMap((column) => [...column.keys()]))].sort();
  const rows = groups.map((group) => Object.fromEntries([['process', group], ...[...columns].map(([column, cpu]) => [column, cpu.get(group) ?? 0])]) as Record<string, string | number>);
  rows.push(Object.fromEntries([['process', 'total'], ...[...columns].map(([column, cpu]) => [column, [...cpu.values()].reduce((a, b) => a + b, 0)])]));
  const title = `c=${CONCURRENCY}, ${CRAWLS} crawls each, wait_until=load, ${loadAverage()}`;
  printTable(`Cost account: CPU ms per crawl by process (${title}; redis and database are shared with other users of the machine)`, rows);
  printTable(`Cost account: pages/s of the accounted runs (${title})`, results);
  printTable(`Cost account: wall time of each job step, GET /crawl (${title})`, steps);
}

/** Raw reused pages (wiped or not), CPU sampled around the measured run only (its browser is the bench's child, grouped by role). */
async function rawAccount(target: AccountTarget, url: string, mode: RawMode): Promise<{ result: LoadResult; cpu: Map<string, number> }> {
  let cpu = new Map<string, number>();
  const options = { mode, url, concurrency: CONCURRENCY, durationMs: 0, crawls: CRAWLS, waitUntil: 'load' as const, proxyUrl: target.proxyUrl, executablePath: target.executablePath };
  const result = await measureRaw(options, async (run) => {
    const measured = await bracket(target, run);
    cpu = measured.cpu;
    return measured.result;
  });
  return { result, cpu };
}
