import { OpenRequests } from './open-requests.js';
import type { BrowserPage, PageSession } from './page-options.js';
import { captureBox, SCREENSHOT_PIXEL_BUDGET, STITCHED_PIXEL_BUDGET, stripHeights } from './capture-bounds.js';
import { runContentTask } from '../content/content-threads.js';
import { evaluateIsolated } from './isolated-world.js';

const MAX_SCROLL_STEPS = 30;
/** After the scroll, lazy requests get this long to end; the page is quiet once none was open for LAZY_IDLE_MS. */
const LAZY_WAIT_MS = 3000;
const LAZY_IDLE_MS = 200;

/**
 * Scrolls through the page once so lazy content below the fold loads; waits for the requests that woke up, if any.
 * With scripts off (js=false) there is nothing to do, and nothing may be awaited in the page: Chromium loads
 * `loading=lazy` images eagerly when scripting is disabled, and runs no timer or frame callback, so a scroll that
 * waited for a frame would hold the job to its deadline.
 */
export async function loadLazyContent(page: BrowserPage, scripted: boolean): Promise<void> {
  if (!scripted) return;
  const requests = new OpenRequests(page);
  try {
    // Steps of two screens: native lazy loading and typical observers reach well past the viewport, and each step
    // costs a rendered frame. The capture itself starts at the top whatever the scroll position.
    await page
      .evaluate(async (maxSteps: number) => {
        // A frame, or 100 ms where the page gets none (a throttled renderer would otherwise hold the job to its deadline).
        const frame = () =>
          new Promise((resolve) => {
            requestAnimationFrame(() => resolve(null));
            setTimeout(() => resolve(null), 100);
          });
        for (let step = 0; step < maxSteps; step += 1) {
          if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight) break;
          window.scrollBy(0, window.innerHeight * 2);
          await frame();
        }
        window.scrollTo(0, 0);
      }, MAX_SCROLL_STEPS)
      .catch(() => undefined); // The page navigated or closed meanwhile: the capture that follows says what is left.
    if (requests.any) await requests.quiet(LAZY_IDLE_MS, LAZY_WAIT_MS);
  } finally {
    requests.dispose();
  }
}

/** In the isolated world: the page's size and scroll position, as numbers (the page cannot redefine them there). */
function pageGeometry(): { width: number; height: number; x: number; y: number } {
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);
  return {
    width: number(document.documentElement.clientWidth || window.innerWidth),
    height: number(Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0)),
    x: number(window.scrollX),
    y: number(window.scrollY),
  };
}

/**
 * A JPEG of the full scroll height, within SCREENSHOT_MAX_HEIGHT and JPEG's side: one capture when it fits the capture
 * budget, else strips of it joined (up to STITCHED_PIXEL_BUDGET: a high `device_scale_factor` on a long page), in a
 * content thread. Strips that do not join leave one capture within the capture budget, as before there were strips.
 */
export async function captureFullPage(session: PageSession, options: { maxHeight: number; quality: number }): Promise<string> {
  const size = await evaluateIsolated(session.page, pageGeometry);
  const scale = session.page.viewport()?.deviceScaleFactor ?? 1;
  const box = captureBox(size, scale, options.maxHeight, STITCHED_PIXEL_BUDGET);
  const heights = stripHeights(box, scale);
  if (heights) {
    const joined = await captureStrips(session, box.width, heights, options.quality);
    if (joined) return joined;
  }
  // One capture, within one capture's budget whenever the page passes it (strips that would not join, or a scale at
  // which no whole CSS height makes whole MCU rows).
  const single = box.width * scale * box.height * scale > SCREENSHOT_PIXEL_BUDGET ? captureBox(size, scale, options.maxHeight) : box;
  // Always a clip: a full-page capture would size the bitmap by the page's own scroll width, which the page chooses.
  return session.captureJpeg({ clip: { x: 0, y: 0, width: single.width, height: single.height }, quality: options.quality });
}

/**
 * The strips, one under another, joined into one JPEG (base64) in a content thread; null when they do not join, or
 * when the page changed its document while they were taken (a navigation between two strips would join two pages).
 */
async function captureStrips(session: PageSession, width: number, heights: readonly number[], quality: number): Promise<string | null> {
  const before = await evaluateIsolated(session.page, documentStart);
  const strips: Uint8Array[] = [];
  let top = 0;
  for (const height of heights) {
    strips.push(Buffer.from(await session.captureJpeg({ clip: { x: 0, y: top, width, height }, quality }), 'base64'));
    top += height;
  }
  session.mark(`captured ${strips.length} strips`);
  if ((await evaluateIsolated(session.page, documentStart)) !== before) return null;
  const joined = await runContentTask({ kind: 'jpeg-join', strips }, Date.now() + session.remainingMs());
  return joined && Buffer.from(joined.buffer, joined.byteOffset, joined.byteLength).toString('base64');
}

/** In the isolated world: when the page's document began, which no other document shares. */
function documentStart(): number {
  return performance.timeOrigin;
}

/**
 * A JPEG of the viewport where the window is scrolled now: the size is the job's viewport (never the page's
 * `innerWidth`), through captureBox's pixel budget like every capture.
 */
export async function captureViewport(session: PageSession, options: { maxHeight: number; quality: number }): Promise<string> {
  const { x, y } = await evaluateIsolated(session.page, pageGeometry);
  const scale = session.page.viewport()?.deviceScaleFactor ?? 1;
  const box = captureBox(session.options.viewport, scale, options.maxHeight);
  return session.captureJpeg({ clip: { x, y, width: box.width, height: box.height }, quality: options.quality });
}
