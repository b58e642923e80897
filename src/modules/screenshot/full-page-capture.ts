import type { BrowserPage } from '../../infra/browser/page-options.js';
import { captureBox } from './capture-bounds.js';

const MAX_SCROLL_STEPS = 30;

/** Scrolls through the page once so lazy content below the fold loads; waits for the network only if it woke up. */
export async function loadLazyContent(page: BrowserPage): Promise<void> {
  let requests = 0;
  const count = () => (requests += 1);
  page.on('request', count);
  try {
    // Steps of two screens: native lazy loading and typical observers reach well past the viewport, and each step
    // costs a rendered frame. The capture itself starts at the top whatever the scroll position.
    await page.evaluate(async (maxSteps: number) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      for (let step = 0; step < maxSteps; step += 1) {
        if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight) break;
        window.scrollBy(0, window.innerHeight * 2);
        await frame();
      }
      window.scrollTo(0, 0);
    }, MAX_SCROLL_STEPS);
  } catch {
    // JavaScript disabled: nothing lazy can load either.
  } finally {
    page.off('request', count);
  }
  if (requests > 0) await page.waitForNetworkIdle({ idleTime: 200, timeout: 3000 }).catch(() => undefined);
}

/** A JPEG of the full scroll height, within the bounds of captureBox (SCREENSHOT_MAX_HEIGHT, JPEG, pixel budget). */
export async function captureFullPage(page: BrowserPage, options: { maxHeight: number; quality: number }): Promise<string> {
  const size = await page.evaluate(() => ({
    width: document.documentElement.clientWidth || window.innerWidth,
    height: Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0),
  }));
  const scale = page.viewport()?.deviceScaleFactor ?? 1;
  const box = captureBox(size, scale, options.maxHeight);
  // Always a clip: `fullPage` would size the bitmap by the page's own scroll width, which the page chooses.
  const bytes = await page.screenshot({
    type: 'jpeg',
    quality: options.quality,
    encoding: 'base64',
    clip: { x: 0, y: 0, width: box.width, height: box.height },
    captureBeyondViewport: true,
  });
  return bytes as string;
}
