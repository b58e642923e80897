// npm run bench:site: a whole-site crawl (POST /site) against single calls (GET /crawl) and Crawlee, on a local copy
// of the Python documentation (issue 35, "How fast"). Figures to read, not assertions.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server as ProxyServer } from 'proxy-chain';
import { serveDirectory } from '../test/fixtures/static-dir.js';
import { startAppProcess } from '../test/harness/app-process.js';
import { loadAverage } from './process-cpu.js';
import { crawleeCrawl } from './site-crawlee.js';
import { crawlLoop, ModeResult, siteCrawl } from './site-modes.js';
import { printTable } from './table.js';
import { createOrganization } from '../test/factories/organization.factory.js';

/** BENCH_SITE_PAGES: pages per crawl; BENCH_SITE_SMALL: the smaller (s) crawl the frontier's per-page cost is read against. */
const PAGES = Number(process.env.BENCH_SITE_PAGES ?? 200);
const SMALL = Number(process.env.BENCH_SITE_SMALL ?? 50);
/** SITE_HOST_CONCURRENCY of each run; the (g) client loop and Crawlee use the same. */
const CONCURRENCY = (process.env.BENCH_SITE_CONCURRENCY ?? '2,4').split(',').map(Number);
/** BENCH_SITE_MODES=s,g runs without Crawlee. */
const MODES = new Set((process.env.BENCH_SITE_MODES ?? 's,g,k').split(','));
const DOCS = process.env.BENCH_SITE_DOCS ?? '/usr/share/doc/python3.11/html';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'mysql://crawlgate:crawlgate@127.0.0.1:3306/crawlgate_bench';
const ADMIN = 'bench-admin';

type Row = Record<string, string | number>;

/** A key of a new organization with credits for any run (the tests' factory: a refused admin call throws). */
async function organization(baseUrl: string): Promise<string> {
  return (await createOrganization(baseUrl, ADMIN, { name: 'bench-site', plan: 'enterprise', credits: 100_000_000 })).apiKey;
}

type Measured = ModeResult & { readonly load: string };
const rate = (result: ModeResult) => result.pages / result.seconds;
/** The load average as a run ends, printed beside its row. */
const measured = async <T extends ModeResult>(run: Promise<T>): Promise<T & { load: string }> => ({ ...(await run), load: loadAverage().replace('load average ', '') });

function row(mode: string, concurrency: number, limit: number, result: Measured): Row {
  return { mode, c: concurrency, N: limit, pages: result.pages, failures: result.failures, seconds: result.seconds, 'pages/s': rate(result), load: result.load };
}

/** One service at SITE_HOST_CONCURRENCY=c: (s), (g) over (s)'s URLs, (k), then (s) at the smaller N. */
async function runAt(concurrency: number, start: string, proxyUrl: string): Promise<Row[]> {
  const app = await startAppProcess(`bench-site-c${concurrency}`, {
    ADMIN_TOKEN: ADMIN, DATA_DIR: mkdtempSync(join(tmpdir(), 'crawlgate-bench-site-')), REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/6',
    ...(DATABASE_URL === 'sqlite' ? {} : { DATABASE_URL }),
    ALLOW_PRIVATE_TARGETS: 'true', PROXY_STANDARD: proxyUrl, BROWSER_CONCURRENCY: process.env.BENCH_BROWSER_CONCURRENCY ?? '4',
    SITE_HOST_CONCURRENCY: String(concurrency), LOG_LEVEL: 'warn', CHROMIUM_PATH: CHROMIUM,
  });
  try {
    const key = await organization(app.baseUrl);
    await siteCrawl(app.baseUrl, key, start, 4); // warms the browser and the content threads
    const site = await measured(siteCrawl(app.baseUrl, key, start, PAGES));
    const loop = MODES.has('g') ? await measured(crawlLoop(app.baseUrl, key, site.urls, concurrency)) : undefined;
    const crawlee = MODES.has('k') ? await measured(crawleeCrawl({ start, limit: PAGES, concurrency, proxyUrl, executablePath: CHROMIUM })) : undefined;
    const small = await measured(siteCrawl(app.baseUrl, key, start, SMALL));
    const ratio = (other?: ModeResult) => (other ? rate(site) / rate(other) : '');
    const rows: Row[] = [
      { ...row('(s) POST /site', concurrency, PAGES, site), 's/g': ratio(loop), 's/k': ratio(crawlee), [`s N=${PAGES}/N=${SMALL}`]: ratio(small) },
      ...(loop ? [row('(g) GET /crawl loop', concurrency, PAGES, loop)] : []),
      ...(crawlee ? [row('(k) Crawlee PuppeteerCrawler', concurrency, PAGES, crawlee)] : []),
      row('(s) POST /site', concurrency, SMALL, small),
    ];
    printTable(`SITE_HOST_CONCURRENCY=${concurrency} (${loadAverage()})`, rows);
    return rows;
  } finally {
    await app.stop();
  }
}

async function main(): Promise<void> {
  const docs = await serveDirectory(DOCS);
  const proxy = new ProxyServer({ port: 0, host: '127.0.0.1', verbose: false });
  await proxy.listen();
  const rows: Row[] = [];
  for (const concurrency of CONCURRENCY) rows.push(...await runAt(concurrency, `${docs.origin}/`, `http://127.0.0.1:${proxy.port}`));
  printTable(`Python documentation, js=true wait_until=load format=markdown, N=${PAGES} (s at N=${SMALL} too); ${loadAverage()}`, rows);
  await proxy.close(true);
  await docs.close();
}

void main();
