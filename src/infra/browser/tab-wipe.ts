import type { BrowserContext, CDPSession, Page } from 'puppeteer';
import type { SessionStorageWatch } from './session-storage-watch.js';

const WIPE_STEP_TIMEOUT_MS = 5000;

/** Storage types of Storage.clearDataForOrigin: 'all' is local storage, IndexedDB, Cache Storage, service workers, ... */
const ALL_STORAGE = 'all';

async function closeOtherTabs(context: BrowserContext, keep: Page): Promise<void> {
  const pages = await context.pages();
  await Promise.all(pages.filter((page) => page !== keep).map((page) => page.close().catch(() => undefined)));
}

/**
 * Returns a tab to the state of a new one in a new context, in this order:
 * 1. the job's sessionStorage, while its documents still show it;
 * 2. leave the document for about:blank, so its timers stop and its unload handlers run before anything is cleared;
 * 3. window.name and the back/forward list (a next job could otherwise read or go back to this one);
 * 4. the context's cookies and HTTP cache, and every origin's storage the job touched (service workers included).
 * Resolves true when the tab can serve another job.
 */
export async function wipeTab(
  page: Page,
  client: CDPSession,
  context: BrowserContext,
  origins: ReadonlySet<string>,
  sessionStorage: SessionStorageWatch,
): Promise<boolean> {
  await sessionStorage.clear();
  await page.goto('about:blank', { waitUntil: 'load', timeout: WIPE_STEP_TIMEOUT_MS });
  await Promise.all([
    closeOtherTabs(context, page),
    client.send('Runtime.evaluate', { expression: 'window.name = ""' }),
    client.send('Page.resetNavigationHistory'),
    client.send('Network.clearBrowserCookies'),
    client.send('Network.clearBrowserCache'),
    ...[...origins].map((origin) => client.send('Storage.clearDataForOrigin', { origin, storageTypes: ALL_STORAGE })),
  ]);
  return sessionStorage.clean;
}
