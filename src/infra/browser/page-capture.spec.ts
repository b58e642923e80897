import { EventEmitter } from 'node:events';
import { describe, expect, it, jest } from '@jest/globals';
import type { CDPSession } from 'puppeteer';
import { captureJpeg } from './page-capture.js';
import { useFakeClock } from '../../../test/unit/support/fake-clock.js';

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
const viewport = { width: 800, height: 600, deviceScaleFactor: 2, isMobile: false, isLandscape: false };

/** The capture's image once it settled, else 'pending': read after the fake clock moved. */
function outcome(promise: Promise<string>): () => string | Error {
  let settled: string | Error = 'pending';
  promise.then((data) => (settled = data), (error: Error) => (settled = error));
  return () => settled;
}

describe('captureJpeg', () => {
  useFakeClock();

  it('asks once when Chromium answers in time', async () => {
    const { client, sent } = fakeClient([after(5, 'first')]);
    const image = outcome(captureJpeg(client, request, viewport, undefined, 200));
    await jest.advanceTimersByTimeAsync(5);
    expect(image()).toBe('first');
    await jest.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['Emulation.setDeviceMetricsOverride', 'Page.captureScreenshot']);
  });

  it('wakes the compositor with a 250 ms screencast and asks again when the first capture goes unanswered', async () => {
    const { client, sent } = fakeClient([never, after(5, 'second')]);
    let retries = 0;
    const image = outcome(captureJpeg(client, request, viewport, () => retries++, 200));
    await jest.advanceTimersByTimeAsync(199);
    expect([retries, sent]).toEqual([0, ['Emulation.setDeviceMetricsOverride', 'Page.captureScreenshot']]);
    await jest.advanceTimersByTimeAsync(1);
    expect([retries, sent]).toEqual([1, ['Emulation.setDeviceMetricsOverride', 'Page.captureScreenshot', 'Page.startScreencast']]);
    await jest.advanceTimersByTimeAsync(10);
    expect(sent.at(-1)).toBe('Page.screencastFrameAck');
    await jest.advanceTimersByTimeAsync(239);
    expect(sent).toHaveLength(4);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent.slice(4)).toEqual(['Page.stopScreencast', 'Page.captureScreenshot']);
    await jest.advanceTimersByTimeAsync(4);
    expect(image()).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    expect(image()).toBe('second');
  });

  it('takes the first answer even when it comes after the second was asked', async () => {
    const { client, sent } = fakeClient([after(500, 'late first'), never]);
    const image = outcome(captureJpeg(client, request, viewport, undefined, 200));
    await jest.advanceTimersByTimeAsync(499);
    // Asked again at 200 + 250 ms.
    expect([image(), sent.filter((method) => method === 'Page.captureScreenshot')]).toEqual(['pending', ['Page.captureScreenshot', 'Page.captureScreenshot']]);
    await jest.advanceTimersByTimeAsync(1);
    expect(image()).toBe('late first');
  });

  it('fails with the capture error, not a timeout, when Chromium refuses', async () => {
    const { client, sent } = fakeClient([() => Promise.reject(new Error('Unable to capture screenshot'))]);
    const image = outcome(captureJpeg(client, request, viewport, undefined, 200));
    await jest.advanceTimersByTimeAsync(0);
    expect(image()).toEqual(new Error('Unable to capture screenshot'));
    await jest.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['Emulation.setDeviceMetricsOverride', 'Page.captureScreenshot']);
  });
});
