import type { CDPSession, Page } from 'puppeteer';

const WORLD_NAME = 'crawlgate-reader';

/** One session per tab, kept while the tab lives (it ends with the page). */
const sessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * The tab's reader session, opened on the real page: through a job's tracked page, createCDPSession marks the tab unfit
 * (it is closed and a new context, tab and renderer made for the next job, doubling Chromium's CPU per crawl), and a
 * session per read costs an attach and a detach each time.
 */
function readerSession(page: Page): Promise<CDPSession> {
  const real = page.mainFrame().page();
  let session = sessions.get(real);
  if (!session) {
    session = real.createCDPSession();
    sessions.set(real, session);
    session.catch(() => sessions.delete(real));
  }
  return session;
}

/**
 * Runs `fn(...args)` in an isolated world of the page's main frame and returns its value. The page shares the DOM
 * with that world but not its JavaScript: it cannot redefine `outerHTML`, `length`, `XMLSerializer` or
 * `Array.prototype.push` there, so what we measure is what we get. `fn` must be self-contained (it is sent as text).
 */
export async function evaluateIsolated<T, A extends unknown[]>(page: Page, fn: (...args: A) => T, ...args: A): Promise<T> {
  const client = await readerSession(page);
  const { frameTree } = await client.send('Page.getFrameTree');
  const { executionContextId } = await client.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: WORLD_NAME });
  const { result, exceptionDetails } = await client.send('Runtime.evaluate', {
    expression: `(${fn.toString()})(...${JSON.stringify(args)})`,
    contextId: executionContextId,
    returnByValue: true,
  });
  if (exceptionDetails) throw new Error(`isolated evaluation failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  return result.value as T;
}

/** In the page: the document as page.content() serializes it, or null as soon as it passes maxChars. */
function serializeWithin(maxChars: number): string | null {
  let content = '';
  for (const node of Array.from(document.childNodes)) {
    content += node === document.documentElement ? document.documentElement.outerHTML : new XMLSerializer().serializeToString(node);
    if (content.length > maxChars) return null;
  }
  return content;
}

/**
 * The page's HTML (what page.content() gives), serialized in an isolated world; null when it is longer than maxChars
 * UTF-16 units, so an oversized DOM never crosses the DevTools pipe into this process.
 */
export function readDocumentSource(page: Page, maxChars: number): Promise<string | null> {
  return evaluateIsolated(page, serializeWithin, maxChars);
}
