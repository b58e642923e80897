/**
 * JPEG stores each side in 16 bits (decisions.md 2: never past 65,535), but Chromium's encoder, libjpeg, refuses a side
 * past its JPEG_MAX_DIMENSION, 65,500: asked for more, Page.captureScreenshot answers an empty image.
 */
export const JPEG_MAX_SIDE = 65500;
/** Device pixels one capture may hold: 64 Mpx is a 256 MB bitmap in the shared Chromium, the most we let one job ask. */
export const SCREENSHOT_PIXEL_BUDGET = 64 * 1024 * 1024;
/**
 * Device pixels of a full-page screenshot taken in strips of the capture budget and joined as JPEG (jpeg-join.ts):
 * 1920 CSS px at `device_scale_factor` 2 by SCREENSHOT_MAX_HEIGHT's 20,000 (154 Mpx) fits; the join's memory is the
 * strips' JPEG bytes, its time about a second a 150 Mpx.
 */
export const STITCHED_PIXEL_BUDGET = 256 * 1024 * 1024;
/** The JPEG's MCU is at most 16 device pixels tall (4:2:0): every strip but the last is a whole number of them. */
const MCU_ROWS = 16;

export interface CaptureBox {
  /** CSS pixels. */
  readonly width: number;
  readonly height: number;
}

/**
 * The CSS box a full-page capture may cover: the viewport's width (a wide page is cut at the right), the page's
 * height up to `maxHeight`, and neither side past JPEG's limit nor the area past the pixel budget.
 */
export function captureBox(page: { width: number; height: number }, scale: number, maxHeight: number, budget = SCREENSHOT_PIXEL_BUDGET): CaptureBox {
  const width = Math.max(1, Math.min(page.width, Math.floor(JPEG_MAX_SIDE / scale)));
  const budgetHeight = Math.floor(budget / (width * scale * scale));
  const height = Math.max(1, Math.min(page.height, maxHeight, Math.floor(JPEG_MAX_SIDE / scale), budgetHeight));
  return { width, height };
}

/**
 * The CSS heights of the strips a box is captured in, top to bottom, each within the capture budget and, but the last,
 * a whole number of MCU rows at `scale` (so that their JPEGs join); null when the box fits one capture, or when no
 * whole CSS height makes whole MCU rows at this scale (the box is then captured once, within the capture budget).
 */
export function stripHeights(box: CaptureBox, scale: number): number[] | null {
  const rowPixels = box.width * scale * scale;
  if (box.height * rowPixels <= SCREENSHOT_PIXEL_BUDGET) return null;
  const unit = wholeMcuUnit(scale);
  if (unit === null) return null;
  const strip = unit * Math.floor(SCREENSHOT_PIXEL_BUDGET / rowPixels / unit);
  if (strip === 0) return null;
  const heights: number[] = [];
  for (let top = 0; top < box.height; top += strip) heights.push(Math.min(strip, box.height - top));
  return heights;
}

/** The least whole CSS height that is a whole number of MCU rows at `scale` (0.5 to 4), if a small one exists. */
function wholeMcuUnit(scale: number): number | null {
  for (let unit = 1; unit <= 256; unit++) {
    const rows = (unit * scale) / MCU_ROWS;
    if (Math.abs(rows - Math.round(rows)) < 1e-9 && Math.round(rows) > 0) return unit;
  }
  return null;
}
