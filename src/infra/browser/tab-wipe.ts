import type { BrowserContext, CDPSession, Page } from 'puppeteer';
import type { JobFootprint } from './job-footprint.js';

const WIPE_STEP_TIMEOUT_MS = 5000;

/** Storage types of Storage.clearDataForOrigin: 'all' is local storage, IndexedDB, Cache Storage, service workers, ... */
const ALL_STORAGE = 'all';

async function closeOtherTabs(context: BrowserContext, keep: Page): Promise<void> {
  const pages = await context.pages();
  await Promise.all(pages.filter((page) => page !== keep).map((page) => page.close().catch(() => undefined)));
}

/**
 * A capture emulated the job's window on the tab's own session beside puppeteer's (page-capture.ts). Left there, a new
 * renderer (a later job's cross-site navigation) would get it back over the next job's; cleared alone, it takes the
 * page's emulation with it while puppeteer still believes in its own. So both go, and the next job sets its window
 * again on puppeteer's session, the one owner between captures.
 */
async function clearWindows(page: Page, client: CDPSession): Promise<void> {
  await client.send('Emulation.clearDeviceMetricsOverride');
  await page.setViewport(null);
}

/**
 * Returns a tab to the state of a new one in a new context, in this order:
 * 1. leave the document for about:blank, so its timers stop and its unload handlers run before anything is cleared;
 * 2. window.name and the back/forward list (a next job could otherwise read or go back to this one), other tabs, and
 *    the window a capture emulated on the tab's own session (clearWindows);
 * 3. the context's cookies and HTTP cache, and the storage of every origin and partitioned storage key the job touched:
 *    local and session storage (the tab's own included), IndexedDB, Cache Storage, service workers, ...
 * `keepCache` keeps the HTTP cache for the next job of the same organization (tab-cache.ts clears it for another's).
 */
export async function wipeTab(
  page: Page,
  client: CDPSession,
  context: BrowserContext,
  footprint: JobFootprint,
  keepCache = false,
): Promise<void> {
  await footprint.settled();
  await page.goto('about:blank', { waitUntil: 'load', timeout: WIPE_STEP_TIMEOUT_MS });
  const clearKey = (storageKey: string) => client.send('Storage.clearDataForStorageKey', { storageKey, storageTypes: ALL_STORAGE });
  await Promise.all([
    closeOtherTabs(context, page),
    client.send('Runtime.evaluate', { expression: 'window.name = ""' }),
    client.send('Page.resetNavigationHistory'),
    footprint.windowEmulated ? clearWindows(page, client) : undefined,
    client.send('Network.clearBrowserCookies'),
    keepCache ? undefined : client.send('Network.clearBrowserCache'),
    ...[...footprint.origins].map((origin) => client.send('Storage.clearDataForOrigin', { origin, storageTypes: ALL_STORAGE })),
    ...footprint.partitionedKeys().map(clearKey),
  ]);
}
