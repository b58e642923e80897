import { describe, expect, it } from '@jest/globals';
import { captureBox, JPEG_MAX_SIDE, SCREENSHOT_PIXEL_BUDGET } from './capture-bounds.js';

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
