import { IsBoolean, IsOptional } from 'class-validator';
import type { PageSession } from '../../../infra/browser/page-options.js';
import { captureFullPage } from '../../../infra/browser/full-page-capture.js';
import type { BlockRunner } from './block-runner.js';

export class ScreenshotDetails {
  @IsOptional()
  @IsBoolean()
  full_page?: boolean;
}

/** The viewport where the window is scrolled now, as GET /screenshot captures (JPEG, SCREENSHOT_QUALITY). */
async function captureViewport(session: PageSession, quality: number): Promise<string> {
  const view = await session.page.evaluate(() => ({ x: window.scrollX, y: window.scrollY, width: window.innerWidth, height: window.innerHeight }));
  return session.captureJpeg({ clip: view, quality });
}

/** Appends a base64 JPEG of the viewport, or of the full page as GET /screenshot takes it, to `data.screenshots`. */
export const screenshotBlock: BlockRunner<ScreenshotDetails> = {
  type: 'screenshot',
  details: ScreenshotDetails,
  list: 'screenshots',
  async run(context, details) {
    const { session } = context;
    const image = details.full_page ? await captureFullPage(session, context.screenshot) : await captureViewport(session, context.screenshot.quality);
    context.append('screenshots', image);
  },
};
