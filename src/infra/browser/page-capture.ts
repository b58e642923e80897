import type { CDPSession, Viewport } from 'puppeteer';
import { raceSignal, timeoutSignal } from '../../common/time/deadline.js';

export interface CaptureRequest {
  readonly clip: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  readonly quality: number;
}

/** The job's window, as puppeteer emulates it on its own session (page-setup.ts). */
export type CaptureViewport = Viewport;

/**
 * The job's window emulated on the capturing session too. A capture beyond the viewport resizes the page for its time
 * and then puts back the emulation of the session that asked for it: asked on a session that emulates nothing, it laid
 * the page out at the browser window's 1920x1080 at scale 1 (a narrower viewport cropped, a `device_scale_factor` of 2
 * an upscaled 1x picture) and left the tab there for the next jobs. The same override as puppeteer's leaves the page
 * as the job has it; the image's pixels per CSS pixel are then the emulated scale (the clip's own scale stays 1).
 */
function emulateViewport(client: CDPSession, viewport: CaptureViewport): Promise<unknown> {
  const screenOrientation = viewport.isLandscape ? { angle: 90, type: 'landscapePrimary' as const } : { angle: 0, type: 'portraitPrimary' as const };
  return client.send('Emulation.setDeviceMetricsOverride', {
    width: viewport.width, height: viewport.height, deviceScaleFactor: viewport.deviceScaleFactor ?? 1, mobile: viewport.isMobile ?? false, screenOrientation,
  });
}

/** A healthy capture of the largest page we take answers well within this; past it the capture is asked again. */
const FIRST_ANSWER_MS = 2000;
/** How long the screencast runs to make the compositor draw a frame. */
const WAKE_MS = 250;

/**
 * A JPEG of the clip, beyond the viewport if need be, asked of the page's own CDP session.
 *
 * Not page.screenshot(): puppeteer holds a lock of the browser context until Chromium answers, page.close() waits for
 * that lock, and the context outlives the job. Chromium can leave a capture unanswered (a compositor surface gone idle,
 * a capture asked while the page's script was busy), which would then hold the slot's later screenshots and the page's
 * own close until the protocol timeout. So: when no answer came within FIRST_ANSWER_MS, a short screencast makes the
 * compositor draw, and the capture is asked again; whichever answer comes first is the image. The job's deadline
 * bounds the whole (the caller races it).
 */
export async function captureJpeg(
  client: CDPSession,
  { clip, quality }: CaptureRequest,
  viewport: CaptureViewport,
  onRetry: () => void = () => undefined,
  firstAnswerMs = FIRST_ANSWER_MS,
): Promise<string> {
  // Not awaited on its own: the session runs its commands in order, so the capture follows it, and a busy page's late
  // answer to both is what FIRST_ANSWER_MS measures.
  void emulateViewport(client, viewport).catch(() => undefined);
  const ask = () =>
    client
      .send('Page.captureScreenshot', { format: 'jpeg', quality, clip: { ...clip, scale: 1 }, captureBeyondViewport: true, fromSurface: true })
      .then((answer) => {
        // Chromium answers an empty image when its encoder refused the clip: no image was produced, never a blank one.
        if (!answer.data) throw new Error('Chromium produced no image for the capture');
        return answer.data;
      });
  const first = ask();
  try {
    return await raceSignal(first, timeoutSignal(firstAnswerMs));
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'TimeoutError')) throw error;
  }
  onRetry();
  await wakeCompositor(client);
  return Promise.any([first, ask()]).catch((failure: AggregateError) => {
    throw failure.errors[failure.errors.length - 1];
  });
}

async function wakeCompositor(client: CDPSession): Promise<void> {
  const ack = ({ sessionId }: { sessionId: number }) => void client.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
  client.on('Page.screencastFrame', ack);
  try {
    await client.send('Page.startScreencast', { format: 'jpeg', quality: 10, maxWidth: 64, maxHeight: 64 }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, WAKE_MS));
    await client.send('Page.stopScreencast').catch(() => undefined);
  } finally {
    client.off('Page.screencastFrame', ack);
  }
}
