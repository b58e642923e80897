import type { CDPSession } from 'puppeteer';
import { raceSignal, timeoutSignal } from '../../common/time/deadline.js';

export interface CaptureRequest {
  readonly clip: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  readonly quality: number;
  /**
   * Image pixels per CSS pixel: the page's device scale factor. The capture runs on the tab's own session, which does
   * not hold puppeteer's viewport emulation, so the scale is asked for here (1 when not given).
   */
  readonly scale?: number;
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
  { clip, quality, scale = 1 }: CaptureRequest,
  onRetry: () => void = () => undefined,
  firstAnswerMs = FIRST_ANSWER_MS,
): Promise<string> {
  const ask = () =>
    client
      .send('Page.captureScreenshot', { format: 'jpeg', quality, clip: { ...clip, scale }, captureBeyondViewport: true, fromSurface: true })
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
