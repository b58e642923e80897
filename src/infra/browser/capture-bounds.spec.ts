import { describe, expect, it } from '@jest/globals';
import { captureBox, JPEG_MAX_SIDE, SCREENSHOT_PIXEL_BUDGET, STITCHED_PIXEL_BUDGET, stripHeights } from './capture-bounds.js';

const devicePixels = (box: { width: number; height: number }, scale: number) => box.width * scale * box.height * scale;

describe('captureBox', () => {
  it('covers an ordinary page whole', () => {
    expect(captureBox({ width: 1920, height: 3000 }, 1, 20000)).toEqual({ width: 1920, height: 3000 });
  });

  it('cuts at SCREENSHOT_MAX_HEIGHT', () => {
    expect(captureBox({ width: 1920, height: 50000 }, 1, 20000)).toEqual({ width: 1920, height: 20000 });
  });

  it('keeps the largest request the bounds allow (4000 wide, DPR 4) inside the pixel budget and JPEG', () => {
    const box = captureBox({ width: 4000, height: 1_000_000 }, 4, 65535);
    expect(box).toEqual({ width: 4000, height: 1048 });
    expect(devicePixels(box, 4)).toBeLessThanOrEqual(SCREENSHOT_PIXEL_BUDGET);
    expect(box.width * 4).toBeLessThanOrEqual(JPEG_MAX_SIDE);
  });

  it("never passes the encoder's side (65,500: libjpeg's, under JPEG's 65,535) at a high scale even within the budget", () => {
    const box = captureBox({ width: 10, height: 100_000 }, 4, 65535);
    expect(box.height * 4).toBeLessThanOrEqual(JPEG_MAX_SIDE);
    expect(box).toEqual({ width: 10, height: 16375 });
  });

  it('cuts a page far wider than JPEG allows', () => {
    expect(captureBox({ width: 200_000, height: 10 }, 2, 20000)).toEqual({ width: 32750, height: 10 });
  });
});

describe('a full page past one capture', () => {
  it('keeps 1920 wide at scale 2 to the default height (154 Mpx, in the stitched budget) and the largest ask within it', () => {
    expect(captureBox({ width: 1920, height: 50000 }, 2, 20000, STITCHED_PIXEL_BUDGET)).toEqual({ width: 1920, height: 20000 });
    const largest = captureBox({ width: 4000, height: 1_000_000 }, 4, 65535, STITCHED_PIXEL_BUDGET);
    expect(largest).toEqual({ width: 4000, height: 4194 });
    expect(devicePixels(largest, 4)).toBeLessThanOrEqual(STITCHED_PIXEL_BUDGET);
  });

  it('cuts it in strips within one capture\'s budget, each but the last a whole number of 16-pixel MCU rows', () => {
    const heights = stripHeights({ width: 1920, height: 20000 }, 2)!;
    expect(heights).toEqual([8736, 8736, 2528]);
    for (const height of heights) expect(devicePixels({ width: 1920, height }, 2)).toBeLessThanOrEqual(SCREENSHOT_PIXEL_BUDGET);
    expect((8736 * 2) % 16).toBe(0);
    expect(stripHeights({ width: 1000, height: 30000 }, 1.5)!.slice(0, -1).every((height) => (height * 1.5) % 16 === 0)).toBe(true);
  });

  it('takes one capture where the page fits it, or where no whole CSS height makes whole MCU rows at the scale', () => {
    expect(stripHeights({ width: 1920, height: 20000 }, 1)).toBeNull();
    expect(stripHeights({ width: 1920, height: 20000 }, 1.37)).toBeNull();
  });
});
