import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import type { CDPSession } from 'puppeteer';
import { captureJpeg } from './page-capture.js';

/** A CDP session whose captures answer as the test says: `captures[i]` is what the i-th capture returns. */
function fakeClient(captures: Array<() => Promise<{ data: string }>>) {
  const events = new EventEmitter();
  const sent: string[] = [];
  const client = {
    on: (name: string, listener: (...args: unknown[]) => void) => events.on(name, listener),
    off: (name: string, listener: (...args: unknown[]) => void) => events.off(name, listener),
    async send(method: string) {
      sent.push(method);
      if (method === 'Page.captureScreenshot') return captures[sent.filter((name) => name === method).length - 1]();
      if (method === 'Page.startScreencast') setTimeout(() => events.emit('Page.screencastFrame', { sessionId: 7 }), 10);
      return {};
    },
  };
  return { client: client as unknown as CDPSession, sent };
}

const never = () => new Promise<{ data: string }>(() => undefined);
const after = (ms: number, data: string) => () => new Promise<{ data: string }>((resolve) => setTimeout(() => resolve({ data }), ms));
const request = { clip: { x: 0, y: 0, width: 100, height: 300 }, quality: 80 };

describe('captureJpeg', () => {
  it('asks once when Chromium answers in time', async () => {
    const { client, sent } = fakeClient([after(5, 'first')]);
    expect(await captureJpeg(client, request, undefined, 200)).toBe('first');
    expect(sent).toEqual(['Page.captureScreenshot']);
  });

  it('wakes the compositor with a short screencast and asks again when the first capture goes unanswered', async () => {
    const { client, sent } = fakeClient([never, after(5, 'second')]);
    const started = Date.now();
    let retries = 0;
    expect(await captureJpeg(client, request, () => retries++, 200)).toBe('second');
    expect(retries).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200 + 250);
    expect(sent).toEqual(['Page.captureScreenshot', 'Page.startScreencast', 'Page.screencastFrameAck', 'Page.stopScreencast', 'Page.captureScreenshot']);
  });

  it('takes the first answer even when it comes after the second was asked', async () => {
    const { client } = fakeClient([after(300, 'late first'), never]);
    expect(await captureJpeg(client, request, undefined, 200)).toBe('late first');
  });

  it('fails with the capture error, not a timeout, when Chromium refuses', async () => {
    const { client, sent } = fakeClient([() => Promise.reject(new Error('Unable to capture screenshot'))]);
    await expect(captureJpeg(client, request, undefined, 200)).rejects.toThrow('Unable to capture screenshot');
    expect(sent).toEqual(['Page.captureScreenshot']);
  });
});
