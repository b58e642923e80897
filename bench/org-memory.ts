import { treePssMb, treeRssMb } from './load.js';
import { loadAverage } from './process-cpu.js';
import { printTable } from './table.js';

const ORGANIZATIONS = Number(process.env.BENCH_ORGS ?? 50);
const JOBS = Number(process.env.BENCH_ORG_JOBS ?? 500);
const CONCURRENCY = 4;

/**
 * Issue 41's bound: the service's memory over JOBS crawls of the real page by ORGANIZATIONS organizations in turn
 * (each tab's HTTP cache changes hands at nearly every job) against the same crawls by one organization. The caches
 * are one per tab, each within Chromium's in-memory cap, so the two should end alike.
 */
export async function orgMemoryRun(pid: number, newKey: () => Promise<string>, crawlWith: (key: string) => () => Promise<boolean>): Promise<void> {
  const keys = await Promise.all(Array.from({ length: ORGANIZATIONS }, newKey));
  const rows: Array<Record<string, string | number>> = [];
  for (const [setup, pick] of [
    ['one organization', () => keys[0]],
    [`${ORGANIZATIONS} organizations in turn`, (i: number) => keys[i % keys.length]],
  ] as const) {
    let done = 0;
    let failures = 0;
    const started = performance.now();
    for (const checkpoint of [JOBS / 5, JOBS]) {
      while (done < checkpoint) {
        const batch = Array.from({ length: CONCURRENCY }, (_, i) => crawlWith(pick(done + i))());
        failures += (await Promise.all(batch)).filter((ok) => !ok).length;
        done += CONCURRENCY;
      }
      rows.push({ setup, crawls: done, failures, 'pages/s': done / ((performance.now() - started) / 1000), 'RSS MB': await treeRssMb(pid), 'PSS MB': await treePssMb(pid), load: loadAverage().replace('load average ', '') });
    }
  }
  printTable(`Memory of the service + Chromium, the real page at c=${CONCURRENCY}: one organization against ${ORGANIZATIONS} in turn`, rows);
}
