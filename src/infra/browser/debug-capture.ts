import type { Page } from 'puppeteer';

/** decisions.md section 2: what a poll of a running job shows. */
export interface DebugCapture {
  readonly url: string;
  /** Base64 JPEG of the viewport, about 480 px wide; '' when the tab could not paint in time. */
  readonly screenshot: string;
  /** The page source at that moment; '' when the tab could not answer in time. */
  readonly html: string;
  readonly captured_at: string;
}

const THUMBNAIL_WIDTH = 480;
const THUMBNAIL_QUALITY = 50;
const CAPTURE_TIMEOUT_MS = 3000;

function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  promise.catch(() => undefined);
  const timeout = new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms).unref());
  return Promise.race([promise.catch(() => fallback), timeout]);
}

/** A best-effort look at a running job's tab: a busy or navigating tab yields empty fields, never an error. */
export async function captureTab(page: Page): Promise<DebugCapture> {
  const viewport = page.viewport() ?? { width: 1920, height: 1080 };
  const scale = Math.min(1, THUMBNAIL_WIDTH / viewport.width);
  const screenshot = page.screenshot({
    type: 'jpeg',
    quality: THUMBNAIL_QUALITY,
    encoding: 'base64',
    clip: { x: 0, y: 0, width: viewport.width, height: viewport.height, scale },
  });
  const [image, html] = await Promise.all([within(screenshot, CAPTURE_TIMEOUT_MS, ''), within(page.content(), CAPTURE_TIMEOUT_MS, '')]);
  return { url: page.url(), screenshot: image, html, captured_at: new Date().toISOString() };
}
