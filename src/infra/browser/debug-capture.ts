import type { CDPSession, Page } from 'puppeteer';
import { withFallback } from '../../common/time/deadline.js';
import { evaluateIsolated } from './isolated-world.js';

/** decisions.md section 2: what a poll of a running job shows. */
export interface DebugCapture {
  readonly url: string;
  /** Base64 JPEG of the viewport, about 480 px wide; '' when the tab could not paint in time. */
  readonly screenshot: string;
  /** The page source at that moment, at most DEBUG_HTML_MAX_BYTES; '' when the tab could not answer in time. */
  readonly html: string;
  /** True when `html` was cut. */
  readonly truncated: boolean;
  readonly captured_at: string;
}

const THUMBNAIL_WIDTH = 480;
const THUMBNAIL_QUALITY = 50;
/**
 * Each part of a capture gets this long: a navigating tab does not answer its source until the new document commits,
 * and a capture must reach a metered 202 asked for it 2.5 s ahead (sync-answer.service.ts) or a poll waiting 3 s.
 */
const CAPTURE_TIMEOUT_MS = 1500;
/** decisions.md 7.2: debug.html holds at most 256 KiB of the page source. */
export const DEBUG_HTML_MAX_BYTES = 256 * 1024;

/** In the page's isolated world (the page cannot redefine what is read): the source's first `max` units and its length. */
function sourceHead(max: number): { head: string; total: number } {
  const doctype = document.doctype ? `<!DOCTYPE ${document.doctype.name}>` : '';
  const source = doctype + (document.documentElement?.outerHTML ?? '');
  return { head: source.slice(0, max), total: source.length };
}

/** Cut inside the page: a 50 MB DOM must not cross the DevTools pipe on every poll. */
async function pageSource(page: Page): Promise<{ html: string; truncated: boolean }> {
  const { head, total } = await evaluateIsolated(page, sourceHead, DEBUG_HTML_MAX_BYTES);
  return cutSource(head, total);
}

/** A source's head (its first DEBUG_HTML_MAX_BYTES units) as a capture holds it; `total`: the whole source's length. */
function cutSource(head: string, total: number): { html: string; truncated: boolean } {
  const html = truncateUtf8(head, DEBUG_HTML_MAX_BYTES);
  return { html, truncated: html.length < total };
}

/** A page a job read and no longer holds in a tab: its final URL and the source it read. */
export interface KeptPage {
  readonly url: string;
  readonly html: string;
}

/**
 * The capture of a kept page: its source cut as a live capture cuts it, `captured_at` the moment it was read, and the
 * thumbnail taken as its tab was given back ('' when none was: nobody had asked to see the job yet).
 */
export function keptCapture(page: KeptPage, screenshot: string, keptAt: Date): DebugCapture {
  return { url: page.url, screenshot, ...cutSource(page.html.slice(0, DEBUG_HTML_MAX_BYTES), page.html.length), captured_at: keptAt.toISOString() };
}

/** The longest prefix of `text` within `maxBytes` of UTF-8, never splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  const cut = Buffer.from(text, 'utf8').subarray(0, maxBytes).toString('utf8');
  // A character split by the byte cut decodes to U+FFFD at the end: drop it.
  return cut.endsWith('\uFFFD') && !text.startsWith(cut) ? cut.slice(0, -1) : cut;
}

/**
 * A best-effort look at a running job's tab: a busy or navigating tab yields empty fields, never an error.
 * The thumbnail is asked of the page's own session, not through page.screenshot(), for the reason page-capture.ts
 * gives: a capture Chromium leaves unanswered must not hold the context's screenshot lock, which outlives the job.
 */
export async function captureTab(page: Page, client: CDPSession): Promise<DebugCapture> {
  const [image, source] = await Promise.all([
    viewportThumbnail(page, client),
    withFallback(pageSource(page), CAPTURE_TIMEOUT_MS, { html: '', truncated: false }),
  ]);
  return { url: page.url(), screenshot: image, ...source, captured_at: new Date().toISOString() };
}

/** The thumbnail of a capture; '' when the tab paints none in time or is closing, never an error. */
export function viewportThumbnail(page: Page, client: CDPSession): Promise<string> {
  return withFallback(thumbnail(page, client), CAPTURE_TIMEOUT_MS, '').catch(() => '');
}

/**
 * One frame of a screencast, scaled by Chromium to the thumbnail's width. Not Page.captureScreenshot: with a clip (its
 * only way to scale) Chromium drops the tab's device metrics override when it is done, so a job with a viewport or a
 * device scale factor went on, and took its own image, at the window's size and a scale of 1.
 */
async function thumbnail(page: Page, client: CDPSession): Promise<string> {
  const viewport = page.viewport() ?? { width: 1920, height: 1080 };
  const width = Math.min(THUMBNAIL_WIDTH, viewport.width);
  let onFrame!: (frame: { data: string; sessionId: number }) => void;
  const frame = new Promise<{ data: string; sessionId: number }>((resolve) => (onFrame = resolve));
  client.once('Page.screencastFrame', onFrame);
  try {
    await client.send('Page.startScreencast', { format: 'jpeg', quality: THUMBNAIL_QUALITY, maxWidth: width, maxHeight: Math.ceil((width * viewport.height) / viewport.width) });
    // A tab that paints no frame in time (busy, or navigating) gives no thumbnail: ''.
    return await withFallback(frame.then(({ data, sessionId }) => {
      void client.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
      return data;
    }), CAPTURE_TIMEOUT_MS, '');
  } finally {
    client.off('Page.screencastFrame', onFrame);
    await client.send('Page.stopScreencast').catch(() => undefined);
  }
}
