import { IsBoolean, IsOptional } from 'class-validator';
import { captureFullPage, captureViewport } from '../../../infra/browser/full-page-capture.js';
import type { BlockRunner } from './block-runner.js';

export class ScreenshotDetails {
  @IsOptional()
  @IsBoolean()
  full_page?: boolean;
}

/** Appends a base64 JPEG of the viewport, or of the full page as GET /screenshot takes it, to `data.screenshots`. */
export const screenshotBlock: BlockRunner<ScreenshotDetails> = {
  type: 'screenshot',
  details: ScreenshotDetails,
  list: 'screenshots',
  async run(context, details) {
    const { session } = context;
    const image = details.full_page ? await captureFullPage(session, context.screenshot) : await captureViewport(session, context.screenshot);
    context.append('screenshots', image);
  },
};
