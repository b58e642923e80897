// (k) of bench:site: Crawlee's PuppeteerCrawler on the same site, scope, proxy hop and per-page work as the service.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Configuration, log, ProxyConfiguration, PuppeteerCrawler } from 'crawlee';
import puppeteer from 'puppeteer';
import { describePage } from '../src/infra/content/page-content.js';
import type { ModeResult } from './site-modes.js';

/** The links POST /site does not follow (decisions 9.1), left out here too so both crawl the same kind of pages. */
const NOT_FOLLOWED = /\.(png|jpe?g|gif|webp|svg|ico|mp3|mp4|webm|avi|mov|woff2?|ttf|zip|gz|tar|7z|rar|exe|dmg|iso)$/i;
const CONTENT = { format: 'markdown', mainContent: false, includeSelectors: [], excludeSelectors: [] } as const;

export interface CrawleeRun {
  readonly start: string;
  readonly limit: number;
  readonly concurrency: number;
  readonly proxyUrl: string;
  readonly executablePath: string;
}

/** Renders each page at `load`, then its content, metadata and links through the service's own converter. */
export async function crawleeCrawl(run: CrawleeRun): Promise<ModeResult> {
  log.setLevel(log.LEVELS.WARNING); // its per-crawl statistics would bury the tables
  // A fresh in-memory request queue per run (nothing read from an earlier run's storage).
  const config = new Configuration({ persistStorage: false, storageClientOptions: { localDataDirectory: mkdtempSync(join(tmpdir(), 'crawlee-')) } });
  const crawler = new PuppeteerCrawler({
    launchContext: {
      launcher: puppeteer,
      launchOptions: { executablePath: run.executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] },
    },
    proxyConfiguration: new ProxyConfiguration({ proxyUrls: [run.proxyUrl] }),
    browserPoolOptions: { useFingerprints: false },
    // Pinned: Crawlee's autoscaling would otherwise react to the shared machine's load rather than to the crawl.
    minConcurrency: run.concurrency,
    maxConcurrency: run.concurrency,
    maxRequestsPerCrawl: run.limit,
    preNavigationHooks: [(_context, gotoOptions) => void Object.assign(gotoOptions ?? {}, { waitUntil: 'load' })],
    async requestHandler({ page, request, enqueueLinks }) {
      describePage(await page.content(), request.loadedUrl ?? request.url, CONTENT);
      await enqueueLinks({ strategy: 'same-hostname', exclude: [NOT_FOLLOWED] });
    },
  }, config);
  const started = performance.now();
  const stats = await crawler.run([run.start]);
  return { pages: stats.requestsFinished, seconds: (performance.now() - started) / 1000, failures: stats.requestsFailed };
}
