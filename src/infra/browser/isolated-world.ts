import type { CDPSession, Page } from 'puppeteer';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { TabSession } from './tab-frames.js';

const WORLD_NAME = 'crawlgate-reader';

/** The session and main frame of each page a BrowserTab opened (tab-frames.ts): reads use the tab's own session. */
const tabSessions = new WeakMap<Page, TabSession>();

/** Sessions opened for pages no tab knows, kept while the page lives (it ends with the page). */
const ownSessions = new WeakMap<Page, Promise<CDPSession>>();

/** Called by the tab as it opens: from then on a read of its page costs one round trip less and no session of its own. */
export function readThrough(page: Page, session: TabSession): void {
  tabSessions.set(page, session);
}

/**
 * The session and main frame to read a page through, looked up on the real page: through a job's tracked page,
 * createCDPSession marks the tab unfit (it is closed and a new context, tab and renderer made for the next job).
 */
async function readerOf(page: Page): Promise<{ client: CDPSession; frameId: string }> {
  const real = page.mainFrame().page();
  const tab = tabSessions.get(real);
  if (tab) return { client: tab.client, frameId: tab.mainFrameId };
  let session = ownSessions.get(real);
  if (!session) {
    session = real.createCDPSession();
    ownSessions.set(real, session);
    session.catch(() => ownSessions.delete(real));
  }
  const client = await session;
  const { frameTree } = await client.send('Page.getFrameTree');
  return { client, frameId: frameTree.frame.id };
}

/**
 * Runs `fn(...args)` in an isolated world of the page's main frame and returns its value. The page shares the DOM
 * with that world but not its JavaScript: it cannot redefine `outerHTML`, `length`, `XMLSerializer` or
 * `Array.prototype.push` there, so what we measure is what we get. `fn` must be self-contained (it is sent as text).
 */
export async function evaluateIsolated<T, A extends unknown[]>(page: Page, fn: (...args: A) => T, ...args: A): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await evaluateOnce(page, fn, args);
    } catch (error) {
      if (!isContextLost(error)) throw error;
      // The page left its document under the read (a meta refresh, a script's location): read the next one.
      if (attempt === READ_TRIES) throw new AppError(ErrorCode.NavigationTimeout, 'The page kept navigating away while it was read.');
      await new Promise((resolve) => setTimeout(resolve, READ_RETRY_MS));
    }
  }
}

/** A page that navigates on and on (a refresh loop) is read this many times, this far apart, then given up. */
const READ_TRIES = 20;
const READ_RETRY_MS = 100;

/** The protocol's words for a world or frame that went with its document. */
function isContextLost(error: unknown): boolean {
  return /Cannot find context with specified id|Execution context was destroyed|No frame with given id|Frame with the given id was not found/i.test(
    error instanceof Error ? error.message : String(error),
  );
}

async function evaluateOnce<T, A extends unknown[]>(page: Page, fn: (...args: A) => T, args: A): Promise<T> {
  const { client, frameId } = await readerOf(page);
  const { executionContextId } = await client.send('Page.createIsolatedWorld', { frameId, worldName: WORLD_NAME });
  const { result, exceptionDetails } = await client.send('Runtime.evaluate', {
    expression: `(${fn.toString()})(...${JSON.stringify(args)})`,
    contextId: executionContextId,
    returnByValue: true,
  });
  if (exceptionDetails) throw new Error(`isolated evaluation failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  return result.value as T;
}

/**
 * In the page: the document as page.content() serializes it, or null as soon as it passes maxBytes as outputBytes
 * measures it (UTF-8 of its JSON: the pieces' escaped bytes and the two quotes).
 */
function serializeWithin(maxBytes: number): string | null {
  const encoder = new TextEncoder();
  let content = '';
  let bytes = 0;
  for (const node of Array.from(document.childNodes)) {
    const piece = node === document.documentElement ? document.documentElement.outerHTML : new XMLSerializer().serializeToString(node);
    bytes += encoder.encode(piece).length;
    if (bytes > maxBytes) return null;
    content += piece;
  }
  return content;
}

/**
 * The page's HTML (what page.content() gives), serialized in an isolated world; null when its UTF-8 bytes pass
 * maxBytes (decisions.md 7.2, as assertPageSize counts), so an oversized DOM never crosses the DevTools pipe.
 */
export function readDocumentSource(page: Page, maxBytes: number): Promise<string | null> {
  return evaluateIsolated(page, serializeWithin, maxBytes);
}
