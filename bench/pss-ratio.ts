import { mappingPssMb, pssMb, runCount, treePssMb } from './load.js';
import { loadAverage } from './process-cpu.js';
import { measureRaw } from './raw-puppeteer.js';
import { pssByRole } from './pss-roles.js';
import { samplePss, type PssSamples } from './pss-sampler.js';
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
 * Issue 41's memory target: PSS of the service's whole tree (node and its Chromium) over CRAWLS crawls of each page at
 * c=4, against raw puppeteer's browser tree (reused pages) over as many pages, in the same run. Sampled through each
 * run: one reading at the end moved the Chromium ratio from 0.80 to 1.30 between runs of the same code.
 */
export async function pssRatioRun(target: PssTarget, pages: Record<string, string>): Promise<void> {
  const rows: Array<Record<string, string | number>> = [];
  const roles: Array<Record<string, string | number>> = [];
  const roleRows = (page: string, setup: string, found: Awaited<ReturnType<typeof pssByRole>>) => {
    for (const [role, { mb, processes }] of [...found].sort(([a], [b]) => a.localeCompare(b))) roles.push({ page, setup, role, processes, 'PSS MB': mb });
  };
  for (const [name, url] of Object.entries(pages)) {
    const raw: { sampler?: ReturnType<typeof samplePss>; samples?: PssSamples } = {};
    await measureRaw({
      mode: 'reused-pages', url, concurrency: CONCURRENCY, durationMs: 0, crawls: CRAWLS, waitUntil: 'load', proxyUrl: target.proxyUrl,
      executablePath: target.executablePath,
      beforeRun: (pid) => void (raw.sampler = samplePss(() => treePssMb(pid))),
      afterRun: async (pid) => {
        raw.samples = await raw.sampler!.stop();
        roleRows(name, 'raw', await pssByRole([pid]));
      },
    });
    const sum = (measure: (pid: number) => Promise<number>) => async () => (await Promise.all(target.pids.map(measure))).reduce((a, b) => a + b, 0);
    const tree = samplePss(sum(treePssMb));
    const node = samplePss(sum(pssMb));
    const service = await runCount(CONCURRENCY, CRAWLS, target.crawl(url));
    const [serviceTree, serviceNode] = [await tree.stop(), await node.stop()];
    roleRows(name, 'service', await pssByRole(target.pids, target.pids));
    const rawTree = raw.samples!;
    rows.push({
      page: name, crawls: CRAWLS, samples: `${rawTree.samples}/${serviceTree.samples}`, 'raw browser PSS MB': rawTree.mean, 'service tree PSS MB': serviceTree.mean,
      'of which node MB': serviceNode.mean, 'node V8 heap MB': await target.v8HeapMb(), 'node malloc MB': await sum((pid) => mappingPssMb(pid, '[heap]'))(),
      ratio: serviceTree.mean / rawTree.mean, 'peak ratio': serviceTree.peak / rawTree.peak, 'Chromium ratio': (serviceTree.mean - serviceNode.mean) / rawTree.mean,
      failures: service.failures, load: loadAverage().replace('load average ', '') });
  }
  printTable(`PSS over ${CRAWLS} crawls at c=${CONCURRENCY}, the mean of the run's second half sampled every 2 s (raw/service samples): the service (node and Chromium) against raw puppeteer's browser (reused pages); node's V8 heap and malloc at the end`, rows);
  printTable('PSS by process role at the end of each run', roles);
}
