import { IDLE_ALLOWANCE } from '../../../infra/browser/navigation-idle.js';
import { OpenRequests } from '../../../infra/browser/open-requests.js';
import type { BrowserPage, PageSession } from '../../../infra/browser/page-options.js';

export type PageControl = NonNullable<Awaited<ReturnType<BrowserPage['$']>>>;
/** How the page changed after the click; `none`: nothing started within QUIET_MS. */
export type PageChange = 'navigation' | 'mutation' | 'none';

const QUIET_MS = 3000;
const MUTATION_FLAG = '__crawlgateMutated';

/** Runs in the page before the click: flags the first later change of the document, and stops watching then (a paginated page does not pile observers up). */
function watchMutations(flag: string): void {
  const globals = window as unknown as Record<string, boolean>;
  globals[flag] = false;
  const observer = new MutationObserver(() => {
    globals[flag] = true;
    observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

export function isDisabled(control: PageControl): Promise<boolean> {
  return control.evaluate((element) => element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true');
}

/** Clicks as a person would where the control can be seen; otherwise the DOM click, which still follows its link. */
export async function clickControl(control: PageControl): Promise<void> {
  // A hidden control has no point to click; a DOM click still follows its link or runs its handler.
  if (await control.isVisible()) await control.click();
  else await control.evaluate((element) => (element as HTMLElement).click());
}

const IDLE_MS = 500;

/** The first change the click made: the start of a main-frame navigation, a DOM change, or nothing within QUIET_MS. */
async function firstChange(page: BrowserPage, timeout: number, signal: AbortSignal): Promise<PageChange> {
  let onRequest: (request: { isNavigationRequest(): boolean; frame(): unknown }) => void = () => undefined;
  const navigation = new Promise<PageChange>((resolve) => {
    onRequest = (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) resolve('navigation');
    };
    page.on('request', onRequest);
  });
  const mutation = page
    .waitForFunction((flag: string) => (window as unknown as Record<string, boolean>)[flag] === true, { polling: 100, timeout, signal }, MUTATION_FLAG)
    .then((): PageChange => 'mutation');
  // The loser is aborted by the caller; its rejection is not an error.
  mutation.catch(() => undefined);
  const quiet = new Promise<PageChange>((resolve) => {
    const timer = setTimeout(() => resolve('none'), QUIET_MS);
    signal.addEventListener('abort', () => clearTimeout(timer));
  });
  try {
    return await Promise.race([navigation, mutation, quiet]);
  } finally {
    page.off('request', onRequest);
  }
}

/**
 * Clicks the control and waits for the next page: a navigation settled by the job's wait condition through the
 * session (the same per-navigation idle as goto, not puppeteer's page-wide one, which a reused tab can hold up), or a
 * DOM change followed, in the networkidle modes, by quiet among the requests made since the click.
 */
export async function turnPage(session: PageSession, control: PageControl, timeout: number): Promise<PageChange> {
  const { page } = session;
  const abort = new AbortController();
  // The requests made since the click: puppeteer's page-wide count can hold requests of an earlier job on a reused tab.
  const requests = new OpenRequests(page);
  let change = 'none' as PageChange;
  try {
    await page.evaluate(watchMutations, MUTATION_FLAG);
    const navigated = await session.afterAction(async () => {
      // Listening before the click: its navigation request can come before the click returns.
      const first = firstChange(page, timeout, abort.signal);
      await clickControl(control);
      change = await first;
    });
    if (navigated) return 'navigation';
    const allowed = IDLE_ALLOWANCE[session.options.waitUntil];
    if (change === 'mutation' && allowed !== undefined) await requests.quiet(IDLE_MS, timeout, allowed);
    return change;
  } finally {
    abort.abort();
    requests.dispose();
  }
}
