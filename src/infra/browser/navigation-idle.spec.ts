import { EventEmitter } from 'node:events';
import { describe, expect, it, jest } from '@jest/globals';
import { TimeoutError } from 'puppeteer';
import type { CDPSession, Page } from 'puppeteer';
import { NavigationIdle } from './navigation-idle.js';
import { useFakeClock } from '../../../test/unit/support/fake-clock.js';

/** A page whose requests and a CDP session whose lifecycle events the test emits by hand. */
function fakes() {
  const page = new EventEmitter();
  const client = new EventEmitter();
  const session = { client: client as unknown as CDPSession, mainFrameId: 'main' };
  const lifecycle = (name: string, loaderId: string, frameId = 'main') => client.emit('Page.lifecycleEvent', { name, loaderId, frameId });
  return { page, client, lifecycle, idle: (allowed: number) => new NavigationIdle(page as unknown as Page, session, allowed) };
}

/** Whether the promise has settled (either way), read after the fake clock moved. */
function settlement(promise: Promise<void>): () => boolean {
  let settled = false;
  promise.then(() => (settled = true), () => (settled = true));
  return () => settled;
}

/** Not reached while 4 s pass with a request open, reached at once when `signal` is given. */
async function reachedOnlyOn(reached: () => boolean, signal: () => void): Promise<void> {
  await jest.advanceTimersByTimeAsync(4000);
  expect(reached()).toBe(false);
  signal();
  await jest.advanceTimersByTimeAsync(0);
  expect(reached()).toBe(true);
}

describe('NavigationIdle', () => {
  useFakeClock();

  it('is reached 500 ms after the last open request made since it began ends, not before', async () => {
    const { page, idle } = fakes();
    const wait = idle(0);
    const request = {};
    page.emit('request', request);
    const reached = settlement(wait.reached(5000));
    await jest.advanceTimersByTimeAsync(3000);
    expect(reached()).toBe(false);
    page.emit('requestfinished', request);
    await jest.advanceTimersByTimeAsync(499);
    expect(reached()).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(reached()).toBe(true);
    wait.dispose();
  });

  it("ends on Chromium's networkIdle for the current document when a request never reports its end", async () => {
    const { page, lifecycle, idle } = fakes();
    const wait = idle(0);
    lifecycle('init', 'doc-1');
    page.emit('request', {});
    const reached = settlement(wait.reached(5000));
    lifecycle('networkIdle', 'doc-0'); // an earlier document's signal
    lifecycle('networkIdle', 'doc-1', 'child-frame'); // a frame's signal
    lifecycle('networkAlmostIdle', 'doc-1'); // networkidle2's signal, not networkidle0's
    await reachedOnlyOn(reached, () => lifecycle('networkIdle', 'doc-1'));
    wait.dispose();
  });

  it("forgets Chromium's signal for a document the main frame left before the wait began", async () => {
    const { page, lifecycle, idle } = fakes();
    const wait = idle(2);
    lifecycle('init', 'doc-1');
    lifecycle('networkAlmostIdle', 'doc-1');
    lifecycle('init', 'doc-2'); // a redirect by script
    for (let open = 0; open < 3; open++) page.emit('request', {});
    const reached = settlement(wait.reached(5000));
    await reachedOnlyOn(reached, () => lifecycle('networkAlmostIdle', 'doc-2'));
    wait.dispose();
  });

  it("fails with puppeteer's TimeoutError after the time it is given when a request stays open, not before", async () => {
    const { page, idle } = fakes();
    const wait = idle(0);
    page.emit('request', {});
    let error: unknown = null;
    void wait.reached(300).catch((caught: unknown) => (error = caught));
    await jest.advanceTimersByTimeAsync(299);
    expect(error).toBeNull();
    await jest.advanceTimersByTimeAsync(1);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe('The network was not idle (networkIdle) within 300 ms.');
    wait.dispose();
  });
});
