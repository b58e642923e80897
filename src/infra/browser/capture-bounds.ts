/**
 * JPEG stores each side in 16 bits (decisions.md 2: never past 65,535), but Chromium's encoder, libjpeg, refuses a side
 * past its JPEG_MAX_DIMENSION, 65,500: asked for more, Page.captureScreenshot answers an empty image.
 */
export const JPEG_MAX_SIDE = 65500;
/** Device pixels one screenshot may hold: 64 Mpx is a 256 MB bitmap in the shared Chromium, the most we let one job ask. */
export const SCREENSHOT_PIXEL_BUDGET = 64 * 1024 * 1024;

export interface CaptureBox {
  /** CSS pixels. */
  readonly width: number;
  readonly height: number;
}

/**
 * The CSS box a full-page capture may cover: the viewport's width (a wide page is cut at the right), the page's
 * height up to `maxHeight`, and neither side past JPEG's limit nor the area past the pixel budget.
 */
export function captureBox(page: { width: number; height: number }, scale: number, maxHeight: number): CaptureBox {
  const width = Math.max(1, Math.min(page.width, Math.floor(JPEG_MAX_SIDE / scale)));
  const budgetHeight = Math.floor(SCREENSHOT_PIXEL_BUDGET / (width * scale * scale));
  const height = Math.max(1, Math.min(page.height, maxHeight, Math.floor(JPEG_MAX_SIDE / scale), budgetHeight));
  return { width, height };
}
