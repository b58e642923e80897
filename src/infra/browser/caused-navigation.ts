import type { HTTPRequest, Page } from 'puppeteer';
import { IDLE_ALLOWANCE, NavigationIdle } from './navigation-idle.js';
import type { WaitUntil } from './page-options.js';
import type { TabSession } from './tab-frames.js';

/** A navigation counts as the action's when its request starts within this time after the action. */
export const NAVIGATION_START_MS = 300;

/** Lets an action (clicking one match after another) stop once it started a navigation. */
export type NavigationProbe = () => boolean;

/** The main frame's navigation requests from now on: the first one, and whether it failed (refused, aborted). */
class MainFrameNavigation {
  request: HTTPRequest | null = null;
  failed = false;
  private wake: () => void = () => undefined;

  constructor(private readonly page: Page) {
    page.on('request', this.onRequest);
    page.on('requestfailed', this.onFailed);
  }

  /** Resolves once `ready()` holds, or after `ms`. */
  until(ready: () => boolean, ms: number): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        if (!ready()) return;
        clearTimeout(timer);
        resolve();
      };
    });
  }

  dispose(): void {
    this.wake = () => undefined;
    this.page.off('request', this.onRequest);
    this.page.off('requestfailed', this.onFailed);
  }

  private readonly onRequest = (request: HTTPRequest): void => {
    if (this.request || !request.isNavigationRequest() || request.frame() !== this.page.mainFrame()) return;
    this.request = request;
    this.wake();
  };

  private readonly onFailed = (request: HTTPRequest): void => {
    if (request !== this.request) return;
    this.failed = true;
    this.wake();
  };
}

/** The navigation an action started failed (refused, aborted, the connection lost): Chromium shows its error page. */
export class CausedNavigationFailure extends Error {
  constructor(errorText: string, url: string) {
    super(`${errorText} at ${url}`);
    this.name = 'CausedNavigationFailure';
  }
}

/**
 * Runs `action` and, when it started a navigation of the main frame within NAVIGATION_START_MS, waits for that
 * navigation with the job's wait condition (networkidle measured by NavigationIdle, not puppeteer's page-wide count,
 * which a reused tab can hold up). True when a navigation started; a CausedNavigationFailure when it failed.
 * Puppeteer's own timeout errors are the caller's.
 */
export async function settleAfterAction(
  page: Page,
  session: TabSession,
  waitUntil: WaitUntil,
  timeoutMs: number,
  action: (navigating: NavigationProbe) => Promise<void>,
): Promise<boolean> {
  const limit = Date.now() + timeoutMs;
  const allowed = IDLE_ALLOWANCE[waitUntil];
  const idle = allowed === undefined ? null : new NavigationIdle(page, session, allowed);
  const navigation = new MainFrameNavigation(page);
  const abort = new AbortController();
  try {
    // Listening before the action: a fast navigation could otherwise commit before the wait begins.
    const committed = page.waitForNavigation({ waitUntil: idle ? 'domcontentloaded' : waitUntil, timeout: timeoutMs, signal: abort.signal });
    committed.catch(() => undefined);
    await action(() => navigation.request !== null);
    await navigation.until(() => navigation.request !== null, NAVIGATION_START_MS);
    if (!navigation.request) return false;
    let settled = false;
    await Promise.race([committed.then(() => (settled = true)), navigation.until(() => navigation.failed, timeoutMs)]);
    if (navigation.failed) throw new CausedNavigationFailure(navigation.request.failure()?.errorText ?? 'net::ERR_FAILED', navigation.request.url());
    if (settled && idle) await idle.reached(Math.max(1, limit - Date.now()));
    return true;
  } finally {
    abort.abort();
    navigation.dispose();
    idle?.dispose();
  }
}
