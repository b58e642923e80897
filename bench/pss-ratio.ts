import { mappingPssMb, pssMb, runCount, treePssMb } from './load.js';
import { loadAverage } from './process-cpu.js';
import { measureRaw } from './raw-puppeteer.js';
import { printTable } from './table.js';

const CRAWLS = Number(process.env.BENCH_PSS_CRAWLS ?? 400);
const CONCURRENCY = 4;

export interface PssTarget {
  /** The service's processes: its node process(es) and their Chromium below them. */
  readonly pids: readonly number[];
  readonly crawl: (url: string) => () => Promise<boolean>;
  readonly proxyUrl: string;
  readonly executablePath: string;
  /** The V8 heaps' committed size in the service's node processes, MB (their /metrics). */
  readonly v8HeapMb: () => Promise<number>;
}

/**
 * Issue 41's memory target: PSS of the service's whole tree (node and its Chromium) after CRAWLS crawls of each page at
 * c=4, against raw puppeteer's browser tree (reused pages) after as many pages, in the same run.
 */
export async function pssRatioRun(target: PssTarget, pages: Record<string, string>): Promise<void> {
  const rows: Array<Record<string, string | number>> = [];
  for (const [name, url] of Object.entries(pages)) {
    let rawPss = 0;
    await measureRaw({
      mode: 'reused-pages', url, concurrency: CONCURRENCY, durationMs: 0, crawls: CRAWLS, waitUntil: 'load', proxyUrl: target.proxyUrl,
      executablePath: target.executablePath, afterRun: async (pid) => void (rawPss = await treePssMb(pid)),
    });
    const service = await runCount(CONCURRENCY, CRAWLS, target.crawl(url));
    let servicePss = 0;
    let nodePss = 0;
    let mallocPss = 0;
    for (const pid of target.pids) {
      servicePss += await treePssMb(pid);
      nodePss += await pssMb(pid);
      mallocPss += await mappingPssMb(pid, '[heap]');
    }
    rows.push({
      page: name, crawls: CRAWLS, 'raw browser PSS MB': rawPss, 'service tree PSS MB': servicePss, 'of which node MB': nodePss,
      'node V8 heap MB': await target.v8HeapMb(), 'node malloc MB': mallocPss, ratio: servicePss / rawPss,
      'Chromium ratio': (servicePss - nodePss) / rawPss, failures: service.failures, load: loadAverage().replace('load average ', '') });
  }
  printTable(`PSS after ${CRAWLS} crawls at c=${CONCURRENCY}: the service (node and Chromium) against raw puppeteer's browser (reused pages)`, rows);
}
