/**
 * Raw puppeteer baselines for the crawl benchmark, with no service around them:
 *   fresh-context  a new browser context (through the proxy) per page, closed after it: full isolation
 *   reused-pages   one open page per concurrent worker, navigated again and again: no isolation at all
 *   reused-wiped   reused pages, each wiped after its page by the service's own wipe (src/infra/browser/tab-wipe.ts), on
 *                  the service's own Chromium switches: the isolation the service owes between two jobs, with none of
 *                  the service around it (no HTTP, queue, database, relay)
 * All do goto(url, waitUntil) + content(), through the same proxy hop as the service.
 */
import { randomBytes } from 'node:crypto';
import puppeteer, { Browser, CDPSession, Page } from 'puppeteer';
import { JobFootprint } from '../src/infra/browser/job-footprint.js';
import { chromiumArgs } from '../src/infra/browser/launch-options.js';
import { wipeTab } from '../src/infra/browser/tab-wipe.js';
import { LoadResult, runCount, runLoad } from './load.js';
import { serviceTabJob } from './service-tab.js';

export type RawMode = 'fresh-context' | 'reused-pages' | 'reused-wiped' | 'service-tab';
export type RawWaitUntil = 'load' | 'domcontentloaded' | 'networkidle0' | 'networkidle2';

export interface RawOptions {
  readonly mode: RawMode;
  readonly url: string;
  readonly concurrency: number;
  readonly durationMs: number;
  /** `http://host:port`: every page goes through it, loopback targets included. */
  readonly proxyUrl: string;
  /**
   * Proxy credentials with a fresh `{session}` per page, as residential pools are used: the page answers the proxy's
   * 407 with them (page.authenticate). Fresh contexts only.
   */
  readonly session?: { readonly username: string; readonly password: string };
  readonly waitUntil: RawWaitUntil;
  readonly executablePath?: string;
  /** Extra Chromium switches (the baseline uses none beyond the environment's required ones). */
  readonly extraArgs?: readonly string[];
  /** A fixed number of pages instead of `durationMs` (the cost account). */
  readonly crawls?: number;
  /** Told the browser's pid after the warm-up, as the measured run begins (the PSS comparison samples its tree from then). */
  readonly beforeRun?: (browserPid: number) => void;
  /** Told the browser's pid after the run, before the browser closes (the PSS comparison's last reading). */
  readonly afterRun?: (browserPid: number) => Promise<void>;
}

export interface RawScreenshotOptions {
  readonly url: string;
  readonly concurrency: number;
  readonly durationMs: number;
  readonly proxyUrl: string;
  readonly executablePath?: string;
  readonly quality?: number;
}

const WARM_UP_PAGES = 3;
const NAV_TIMEOUT_MS = 30_000;

/**
 * `serviceSwitches`: the worker's own Chromium switches (launch-options.ts) instead of the environment's bare ones;
 * `pipe`: the protocol over a pipe, as the worker runs it, with no default viewport (the tab sets the job's).
 */
async function launch(executablePath: string, extraArgs: readonly string[] = [], serviceSwitches = false, pipe = false): Promise<Browser> {
  const shell = executablePath.includes('headless-shell');
  const quiet = shell ? [] : ['--disable-features=NetworkTimeServiceQuerying', '--component-updater=url-source=http://127.0.0.1:9/', '--gaia-url=http://127.0.0.1:9'];
  const bare = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--proxy-bypass-list=<-loopback>', ...quiet];
  return puppeteer.launch({
    executablePath,
    headless: shell ? 'shell' : true,
    pipe,
    defaultViewport: pipe ? null : { width: 1920, height: 1080 },
    args: [...(serviceSwitches ? chromiumArgs(executablePath) : bare), ...extraArgs],
  });
}

function contextOptions(proxyUrl: string) {
  return { proxyServer: proxyUrl, proxyBypassList: ['<-loopback>'] };
}

/** One page job of the chosen mode; reused pages come from (and go back to) `idle`. */
function pageJob(browser: Browser, options: RawOptions, idle: Page[]): () => Promise<boolean> {
  const visit = async (page: Page): Promise<boolean> => {
    const response = await page.goto(options.url, { waitUntil: options.waitUntil, timeout: NAV_TIMEOUT_MS });
    await page.content();
    return response !== null && response.status() < 400;
  };
  if (options.mode === 'fresh-context') {
    return async () => {
      const context = await browser.createBrowserContext(contextOptions(options.proxyUrl));
      try {
        const page = await context.newPage();
        const { session } = options;
        if (session) await page.authenticate({ username: session.username.replace('{session}', randomBytes(8).toString('hex')), password: session.password });
        return await visit(page);
      } finally {
        await context.close();
      }
    };
  }
  const sessions = new WeakMap<Page, CDPSession>();
  return async () => {
    const page = idle.pop() ?? (await (await browser.createBrowserContext(contextOptions(options.proxyUrl))).newPage());
    try {
      const visited = await visit(page);
      if (options.mode === 'reused-wiped') {
        const footprint = new JobFootprint();
        footprint.recordUrl(options.url);
        const session = sessions.get(page) ?? (await page.createCDPSession());
        sessions.set(page, session);
        await wipeTab(page, session, page.browserContext(), footprint);
      }
      return visited;
    } finally {
      idle.push(page);
    }
  };
}

/**
 * Pages per second and latency percentiles of raw puppeteer in the given mode (after a short warm-up); `around`
 * brackets the measured run alone (the cost account samples CPU there).
 */
export async function measureRaw(options: RawOptions, around = (run: () => Promise<LoadResult>) => run()): Promise<LoadResult> {
  const serviceTab = options.mode === 'service-tab';
  const serviceSwitches = serviceTab || options.mode === 'reused-wiped';
  const browser = await launch(options.executablePath ?? '/usr/bin/chromium-headless-shell', options.extraArgs, serviceSwitches, serviceTab);
  const tabs = serviceTab ? serviceTabJob(browser, { ...options, timeoutMs: NAV_TIMEOUT_MS }) : null;
  try {
    const job = tabs?.job ?? pageJob(browser, options, []);
    await Promise.all(Array.from({ length: options.concurrency }, async () => {
      for (let i = 0; i < WARM_UP_PAGES; i++) await job();
    }));
    const { crawls } = options;
    options.beforeRun?.(browser.process()!.pid!);
    const result = await around(() => (crawls ? runCount(options.concurrency, crawls, job) : runLoad(options.concurrency, options.durationMs, job)));
    await options.afterRun?.(browser.process()!.pid!);
    return result;
  } finally {
    await tabs?.close();
    await browser.close();
  }
}

/** Full-page JPEG screenshots with reused pages: goto(load) + page.screenshot({fullPage, type: 'jpeg'}). */
export async function rawScreenshot(options: RawScreenshotOptions): Promise<LoadResult> {
  const browser = await launch(options.executablePath ?? '/usr/bin/chromium-headless-shell');
  try {
    const idle: Page[] = [];
    const shot = async (): Promise<boolean> => {
      const page = idle.pop() ?? (await (await browser.createBrowserContext(contextOptions(options.proxyUrl))).newPage());
      try {
        await page.goto(options.url, { waitUntil: 'load', timeout: NAV_TIMEOUT_MS });
        const image = await page.screenshot({ type: 'jpeg', quality: options.quality ?? 80, fullPage: true, encoding: 'base64' });
        return image.length > 0;
      } finally {
        idle.push(page);
      }
    };
    await shot();
    return await runLoad(options.concurrency, options.durationMs, shot);
  } finally {
    await browser.close();
  }
}
