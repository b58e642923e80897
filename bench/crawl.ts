import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server as ProxyServer } from 'proxy-chain';
import { startAppProcess } from '../test/harness/app-process.js';
import { startTargetSite } from '../test/fixtures/target-site.js';
import { serveDirectory } from '../test/fixtures/static-dir.js';
import { LoadResult, runLoad, treePssMb, treeRssMb } from './load.js';
import { cacheHitRun } from './cache-hit.js';
import { costAccount } from './cost-account.js';
import { orgMemoryRun } from './org-memory.js';
import { pssRatioRun } from './pss-ratio.js';
import { backlogCollectionRun } from './queue-backlog.js';
import { loadAverage } from './process-cpu.js';
import { measureRaw, rawScreenshot } from './raw-puppeteer.js';
import { ProxyBytes } from './proxy-bytes.js';
import { printTable } from './table.js';
import { createOrganization } from '../test/factories/organization.factory.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
/** BENCH_ONLY=throughput,formats,cache,memory,collection,backlog,screenshot runs a part (`orgs` and `pss` only when named). */
const ONLY = new Set((process.env.BENCH_ONLY ?? 'throughput,formats,cache,memory,collection,backlog,screenshot').split(','));
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,2,4').split(',').map(Number);
/** BENCH_WAITS=load runs one wait condition; BENCH_SESSIONS=session one proxy kind. */
const WAITS = (process.env.BENCH_WAITS ?? 'networkidle0,load').split(',');
const SESSIONS = (process.env.BENCH_SESSIONS ?? 'plain,session').split(',');
const SESSION_USER = 'user-session-{session}';
const SESSION_PASSWORD = 'bench';
const ADMIN = 'bench-admin';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/** The figures are on MariaDB (scripts/bench.sh creates the database); BENCH_DATABASE_URL=sqlite uses the embedded file. */
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'mysql://crawlgate:crawlgate@127.0.0.1:3306/crawlgate_bench';
/**
 * Raw baselines: fresh contexts, reused pages, reused pages wiped after each page by the service's own wipe (the
 * isolation the service owes, without the service), and the worker's own tab driven by raw puppeteer (all the service
 * does in the browser, without the service around it). BENCH_RAW=reused runs only the baseline.
 */
const SPLIT = process.env.BENCH_SPLIT === '1';
const RAW_MODES = (process.env.BENCH_RAW ?? 'fresh,reused,wiped,tab').split(',');
/** The real page (issue 41): Debian's python3-doc, its stylesheets and scripts served cacheable for an hour. */
const DOCS = process.env.BENCH_DOCS ?? '/usr/share/doc/python3.11/html';
const DOCS_PAGE = '/library/functions.html';
/** BENCH_PAGES=static,js-rendered,python-docs picks pages. */
const PAGES = (process.env.BENCH_PAGES ?? 'static,js-rendered,python-docs').split(',');

/** A key of a new organization with credits for any run (the tests' factory: a refused admin call throws). */
async function organization(baseUrl: string): Promise<string> {
  return (await createOrganization(baseUrl, ADMIN, { name: 'bench', plan: 'enterprise', credits: 100_000_000 })).apiKey;
}

type Metered = LoadResult & { kbPerPage?: number };

function row(setup: string, page: string, wait: string, concurrency: number, result: Metered, extra: Record<string, string | number> = {}) {
  const bytes: Record<string, number> = result.kbPerPage === undefined ? {} : { 'proxy KB/page': result.kbPerPage };
  return { setup, page, wait_until: wait, c: concurrency, 'pages/s': result.pagesPerSecond, 'p50 ms': result.p50, 'p95 ms': result.p95, failures: result.failures, ...bytes, ...extra };
}

async function main(): Promise<void> {
  const site = await startTargetSite();
  const docs = await serveDirectory(DOCS, 3600);
  const proxy = new ProxyServer({ port: 0, host: '127.0.0.1', verbose: false });
  // The plain proxy records the bytes it exchanges with targets: what a pool billing by the gigabyte would count.
  const meter = new ProxyBytes(proxy);
  // A residential-style pool: any user name (a session each) is taken, but only after a 407 challenge.
  const sessionProxy = new ProxyServer({ port: 0, host: '127.0.0.1', verbose: false, prepareRequestFunction: ({ username }) => ({ requestAuthentication: !username }) });
  await Promise.all([proxy.listen(), sessionProxy.listen()]);
  const proxyUrl = `http://127.0.0.1:${proxy.port}`;
  const sessionProxyUrl = `http://${SESSION_USER}:${SESSION_PASSWORD}@127.0.0.1:${sessionProxy.port}`;
  const env = {
    ADMIN_TOKEN: ADMIN, DATA_DIR: mkdtempSync(join(tmpdir(), 'crawlgate-bench-')), REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/6',
    ...(DATABASE_URL === 'sqlite' ? {} : { DATABASE_URL }),
    ALLOW_PRIVATE_TARGETS: 'true', PROXY_STANDARD: proxyUrl, PROXY_PREMIUM: sessionProxyUrl, BROWSER_CONCURRENCY: process.env.BENCH_BROWSER_CONCURRENCY ?? '4', LOG_LEVEL: 'warn',
    ...(process.env.BENCH_SPARE_TABS ? { BROWSER_SPARE_TABS: process.env.BENCH_SPARE_TABS } : {}),
    CHROMIUM_PATH: CHROMIUM,
  };
  // BENCH_APP_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the service under the bench.
  const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // BENCH_SPLIT=1: the API and the worker in two processes, as deployed on Kubernetes (the account shows each).
  const app = await startAppProcess('bench-app', { ...env, ROLE: SPLIT ? 'api' : 'all' }, nodeArgs);
  const worker = SPLIT ? await startAppProcess('bench-worker', { ...env, ROLE: 'worker' }, nodeArgs) : null;
  const key = await organization(app.baseUrl);
  const services = [app, ...(worker ? [worker] : [])];
  /** The /metrics of every service process, one after the other. */
  const metrics = async () => (await Promise.all(services.map(async (one) =>
    (await fetch(`${one.baseUrl}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })).text()))).join('\n');
  const crawlAs = (apiKey: string, url: string) => async () => {
    const response = await fetch(`${app.baseUrl}/crawl?url=${encodeURIComponent(url)}&wait_until=load&adblock=false`, { headers: { authorization: `Bearer ${apiKey}` } });
    await response.arrayBuffer();
    return response.status === 200;
  };
  const crawl = (url: string, wait: string, session = false, extra = '') => async () => {
    const query = `url=${encodeURIComponent(url)}&wait_until=${wait}&adblock=false${session ? '&premium=true' : ''}${extra}`;
    const response = await fetch(`${app.baseUrl}/crawl?${query}`, { headers: { authorization: `Bearer ${key}` } });
    await response.arrayBuffer();
    return response.status === 200;
  };

  const rows: Array<Record<string, string | number>> = [];
  const allPages: Record<string, string> = { static: `${site.url}/static`, 'js-rendered': `${site.url}/js-rendered`, 'python-docs': `${docs.origin}${DOCS_PAGE}` };
  const pages = Object.fromEntries(Object.entries(allPages).filter(([name]) => PAGES.includes(name))) as Record<string, string>;
  const metered = (session: unknown) => (run: () => Promise<LoadResult>): Promise<Metered> => (session ? run() : meter.around(run, (result) => result.pages));
  // measureRaw hands back what `around` answers: the metered result.
  const measureMetered = (options: Parameters<typeof measureRaw>[0], session: unknown) => measureRaw(options, metered(session)) as Promise<Metered>;
  if (process.argv.includes('--account')) {
    const nodes: Record<string, number> = worker ? { 'node (API)': app.child.pid!, 'node (worker)': worker.child.pid! } : { 'node (API + worker)': app.child.pid! };
    await costAccount({ nodes, metrics, crawl: (url) => crawl(url, 'load'), proxyUrl, executablePath: CHROMIUM }, pages);
    ONLY.clear();
  }
  for (const wait of ONLY.has('throughput') ? (WAITS as Array<'networkidle0' | 'load'>) : []) {
    for (const proxyKind of SESSIONS) {
      const session = proxyKind === 'session' ? { username: SESSION_USER, password: SESSION_PASSWORD } : undefined;
      for (const [name, url] of Object.entries(pages)) {
        for (const concurrency of CONCURRENCY) {
          const common = { url, concurrency, durationMs: SECONDS, waitUntil: wait, executablePath: CHROMIUM };
          const fresh = RAW_MODES.includes('fresh') ? await measureMetered({ ...common, mode: 'fresh-context', session, proxyUrl: session ? `http://127.0.0.1:${sessionProxy.port}` : proxyUrl }, session) : null;
          const reused = await measureMetered({ ...common, mode: 'reused-pages', proxyUrl }, false);
          const wiped = RAW_MODES.includes('wiped') ? await measureMetered({ ...common, mode: 'reused-wiped', proxyUrl }, false) : null;
          // At `load` only: the service waits for network idle its own way (navigation-idle.ts), not as page.goto does.
          const tab = RAW_MODES.includes('tab') && !session && wait === 'load' ? await measureMetered({ ...common, mode: 'service-tab', proxyUrl }, false) : null;
          await runLoad(concurrency, 1000, crawl(url, wait, session !== undefined));
          const service = await metered(session)(() => runLoad(concurrency, SECONDS, crawl(url, wait, session !== undefined)));
          const label = `${name}${session ? ' {session}' : ''}`;
          const added = [
            ...(fresh ? [row('(a) raw, fresh context', label, wait, concurrency, fresh)] : []),
            row('(b) raw, reused pages', label, wait, concurrency, reused),
            ...(wiped ? [row('(w) raw, reused pages + wipe', label, wait, concurrency, wiped)] : []),
            ...(tab ? [row("(t) raw, the service's tab", label, wait, concurrency, tab)] : []),
            row('(c) GET /crawl', label, wait, concurrency, service, {
              ...(fresh ? { 'c/a': service.pagesPerSecond / fresh.pagesPerSecond, 'p50 overhead ms': service.p50 - fresh.p50 } : {}),
              'c/b': service.pagesPerSecond / reused.pagesPerSecond,
              ...(service.kbPerPage !== undefined && reused.kbPerPage ? { 'KB c/b': service.kbPerPage / reused.kbPerPage } : {}),
              ...(wiped ? { 'c/w': service.pagesPerSecond / wiped.pagesPerSecond } : {}),
              ...(tab ? { 'c/t': service.pagesPerSecond / tab.pagesPerSecond } : {}),
              load: loadAverage().replace('load average ', ''),
            }),
          ];
          rows.push(...added);
          printTable(`progress (${loadAverage()})`, added);
        }
      }
    }
  }
  printTable(`GET /crawl vs raw puppeteer (same proxy hop, same browser binary; ${loadAverage()})`, rows);
  if (ONLY.has('formats')) await formatsRun((format) => crawl(pages.static, 'load', false, `&format=${format}`));
  if (ONLY.has('cache')) {
    const crawlWith = (extra: string, expectHit = false) => async () => {
      const response = await fetch(`${app.baseUrl}/crawl?url=${encodeURIComponent(pages.static)}&wait_until=load&adblock=false${extra}`, { headers: { authorization: `Bearer ${key}` } });
      await response.arrayBuffer();
      return response.status === 200 && (!expectHit || response.headers.get('x-cache') === 'hit');
    };
    await cacheHitRun(crawlWith, SECONDS, [1, 4], app.child.pid!);
  }
  if (ONLY.has('memory')) await memoryRun((worker ?? app).child.pid!, crawl(pages.static, 'load'));
  if (ONLY.has('pss')) {
    const v8HeapMb = async () => [...(await metrics()).matchAll(/^nodejs_heap_size_total_bytes (\d+)$/gm)].reduce((sum, [, bytes]) => sum + Number(bytes), 0) / 1024 / 1024;
    await pssRatioRun({ pids: services.map((one) => one.child.pid!), crawl: (url) => crawl(url, 'load'), proxyUrl, executablePath: CHROMIUM, v8HeapMb }, pages);
  }
  if (ONLY.has('orgs')) await orgMemoryRun((worker ?? app).child.pid!, () => organization(app.baseUrl), (other) => crawlAs(other, allPages['python-docs']));
  if (ONLY.has('collection')) await collectionRun(app.baseUrl, key, pages.static);
  if (ONLY.has('backlog')) await backlogCollectionRun(pages.static);
  if (ONLY.has('screenshot')) await screenshotRun({ baseUrl: app.baseUrl, child: (worker ?? app).child }, key, `${site.url}/tall?h=3000`, proxyUrl);
  await app.stop();
  await worker?.stop();
  await proxy.close(true);
  await sessionProxy.close(true);
  await site.close();
  await docs.close();
}

/**
 * GET /crawl pages/s with format=markdown against format=html (issue 21: within 10% at c=4), on the static page at
 * `load`. The two alternate, twice each, so a drift of the machine's load touches both.
 */
async function formatsRun(crawlAs: (format: string) => () => Promise<boolean>): Promise<void> {
  const rows: Array<Record<string, string | number>> = [];
  for (const concurrency of CONCURRENCY) {
    const totals: Record<string, number> = { html: 0, markdown: 0 };
    for (const round of [1, 2]) {
      for (const format of ['html', 'markdown']) {
        await runLoad(concurrency, 1000, crawlAs(format));
        const result = await runLoad(concurrency, SECONDS, crawlAs(format));
        totals[format] += result.pagesPerSecond;
        rows.push({ c: concurrency, round, format, 'pages/s': result.pagesPerSecond, 'p50 ms': result.p50, 'p95 ms': result.p95, failures: result.failures });
      }
    }
    rows.push({ c: concurrency, round: 'both', format: 'markdown / html', 'pages/s': totals.markdown / totals.html, 'p50 ms': '', 'p95 ms': '', failures: '' });
  }
  printTable('GET /crawl format=markdown vs format=html (static page, wait_until=load)', rows);
}

/** Memory of the service plus its Chromium as crawls accumulate (RSS counts shared pages in each process; PSS splits them). */
async function memoryRun(pid: number, once: () => Promise<boolean>): Promise<void> {
  const memory: Array<Record<string, string | number>> = [];
  let done = 0;
  for (const checkpoint of [200, 1000, 2000, 3000]) {
    while (done < checkpoint) {
      await Promise.all(Array.from({ length: 4 }, once));
      done += 4;
    }
    memory.push({ crawls: checkpoint, 'RSS MB': await treeRssMb(pid), 'PSS MB': await treePssMb(pid) });
  }
  printTable('Memory of the service + Chromium (static page, wait_until=load, c=4)', memory);
}

/** Collection of a finished job by 32 keep-alive clients, each asking again as soon as it is answered (issue 25: >= 2,000/s, p99 <= 50 ms). */
async function collectionRun(baseUrl: string, key: string, page: string): Promise<void> {
  const finished = await fetch(`${baseUrl}/crawl?url=${encodeURIComponent(page)}&js=false`, { headers: { authorization: `Bearer ${key}` } });
  const jobId = finished.headers.get('x-job-id');
  const collect = async () => {
    const response = await fetch(`${baseUrl}/crawl/${jobId}`, { headers: { authorization: `Bearer ${key}` } });
    await response.arrayBuffer();
    return response.status === 200;
  };
  await runLoad(32, 1000, collect);
  const collection = await runLoad(32, SECONDS, collect);
  printTable(`GET /crawl/{job}, finished job, 32 keep-alive clients for ${SECONDS / 1000} s (${loadAverage()})`, [{ 'answers/s': collection.pagesPerSecond, 'p50 ms': collection.p50, 'p99 ms': collection.p99, failures: collection.failures }]);
}

/** A 1920x3000 page: GET /screenshot vs raw page.screenshot({fullPage, jpeg}) through the same proxy. */
async function screenshotRun(app: { baseUrl: string; child: { pid?: number } }, key: string, tall: string, proxyUrl: string): Promise<void> {
  const shot = async () => {
    const response = await fetch(`${app.baseUrl}/screenshot?url=${encodeURIComponent(tall)}&wait_until=load&adblock=false`, { headers: { authorization: `Bearer ${key}` } });
    await response.arrayBuffer();
    return response.status === 200;
  };
  const shots: Array<Record<string, string | number>> = [];
  for (const concurrency of [1, 2, 4]) {
    const raw = await rawScreenshot({ url: tall, concurrency, durationMs: SECONDS, proxyUrl, executablePath: CHROMIUM });
    let peak = 0;
    const sampler = setInterval(() => void treeRssMb(app.child.pid!).then((mb) => (peak = Math.max(peak, mb))), 100);
    const service = await runLoad(concurrency, SECONDS, shot);
    clearInterval(sampler);
    shots.push({ setup: 'raw page.screenshot', c: concurrency, 'shots/s': raw.pagesPerSecond, 'p50 ms': raw.p50, 'p95 ms': raw.p95 });
    shots.push({ setup: 'GET /screenshot', c: concurrency, 'shots/s': service.pagesPerSecond, 'p50 ms': service.p50, 'p95 ms': service.p95, 'time ratio (p50)': service.p50 / raw.p50, 'peak RSS MB': peak });
  }
  printTable('Full-page JPEG of a 1920x3000 page (wait_until=load)', shots);
}

void main();
