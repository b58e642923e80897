import { IDLE_ALLOWANCE } from '../../../infra/browser/navigation-idle.js';
import { OpenRequests } from '../../../infra/browser/open-requests.js';
import type { BrowserPage, WaitUntil } from '../../../infra/browser/page-options.js';

export type PageControl = NonNullable<Awaited<ReturnType<BrowserPage['$']>>>;
/** How the page changed after the click; `none`: nothing started within QUIET_MS. */
export type PageChange = 'navigation' | 'mutation' | 'none';

const QUIET_MS = 3000;
const MUTATION_FLAG = '__crawlgateMutated';

/** Runs in the page before the click: flags any later change of the document. */
function watchMutations(flag: string): void {
  const globals = window as unknown as Record<string, boolean>;
  globals[flag] = false;
  const observer = new MutationObserver(() => {
    globals[flag] = true;
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

/**
 * Clicks the control and waits for the next page: a navigation settled by `waitUntil`, or a DOM change
 * (followed by network idle in the networkidle modes, and by the navigation if one started meanwhile).
 */
export async function turnPage(page: BrowserPage, control: PageControl, waitUntil: WaitUntil, timeout: number): Promise<PageChange> {
  const abort = new AbortController();
  const { signal } = abort;
  let navigating = false;
  const onRequest = (request: { isNavigationRequest(): boolean; frame(): unknown }) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigating = true;
  };
  page.on('request', onRequest);
  // The requests made since the click: puppeteer's page-wide count can hold requests of an earlier job on a reused tab.
  const requests = new OpenRequests(page);
  try {
    await page.evaluate(watchMutations, MUTATION_FLAG);
    const navigation = page.waitForNavigation({ waitUntil, timeout, signal }).then((): PageChange => 'navigation');
    const mutation = page
      .waitForFunction((flag: string) => (window as unknown as Record<string, boolean>)[flag] === true, { polling: 100, timeout, signal }, MUTATION_FLAG)
      .then((): PageChange => 'mutation');
    const quiet = new Promise<PageChange>((resolve) => {
      const timer = setTimeout(() => (navigating ? undefined : resolve('none')), QUIET_MS);
      signal.addEventListener('abort', () => clearTimeout(timer));
    });
    // The losers are aborted in `finally`; their rejections are not errors.
    navigation.catch(() => undefined);
    mutation.catch(() => undefined);
    await clickControl(control);
    const change = await Promise.race([navigation, mutation, quiet]);
    if (change === 'mutation') {
      const allowed = IDLE_ALLOWANCE[waitUntil];
      if (allowed !== undefined) await requests.quiet(IDLE_MS, timeout, allowed);
      if (navigating) await navigation;
    }
    return change;
  } finally {
    abort.abort();
    requests.dispose();
    page.off('request', onRequest);
  }
}
