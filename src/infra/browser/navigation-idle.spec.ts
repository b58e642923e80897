import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import { TimeoutError } from 'puppeteer';
import type { CDPSession, Page } from 'puppeteer';
import { NavigationIdle } from './navigation-idle.js';

/** A page whose requests and a CDP session whose lifecycle events the test emits by hand. */
function fakes() {
  const page = new EventEmitter();
  const client = new EventEmitter();
  const session = { client: client as unknown as CDPSession, mainFrameId: 'main' };
  const lifecycle = (name: string, loaderId: string, frameId = 'main') => client.emit('Page.lifecycleEvent', { name, loaderId, frameId });
  return { page, client, lifecycle, idle: (allowed: number) => new NavigationIdle(page as unknown as Page, session, allowed) };
}

const settledWithin = async (promise: Promise<void>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('NavigationIdle', () => {
  it('is reached after 500 ms without an open request made since it began', async () => {
    const { page, idle } = fakes();
    const wait = idle(0);
    const request = {};
    page.emit('request', request);
    const reached = wait.reached(5000);
    expect(await settledWithin(reached, 300)).toBe(false);
    page.emit('requestfinished', request);
    const started = Date.now();
    await reached;
    expect(Date.now() - started).toBeGreaterThanOrEqual(490);
    wait.dispose();
  });

  it("ends on Chromium's networkIdle for the current document when a request never reports its end", async () => {
    const { page, lifecycle, idle } = fakes();
    const wait = idle(0);
    lifecycle('init', 'doc-1');
    page.emit('request', {});
    const reached = wait.reached(5000);
    lifecycle('networkIdle', 'doc-0'); // an earlier document's signal
    lifecycle('networkIdle', 'doc-1', 'child-frame'); // a frame's signal
    lifecycle('networkAlmostIdle', 'doc-1'); // networkidle2's signal, not networkidle0's
    expect(await settledWithin(reached, 700)).toBe(false);
    lifecycle('networkIdle', 'doc-1');
    expect(await settledWithin(reached, 50)).toBe(true);
    wait.dispose();
  });

  it("forgets Chromium's signal for a document the main frame left before the wait began", async () => {
    const { page, lifecycle, idle } = fakes();
    const wait = idle(2);
    lifecycle('init', 'doc-1');
    lifecycle('networkAlmostIdle', 'doc-1');
    lifecycle('init', 'doc-2'); // a redirect by script
    for (let open = 0; open < 3; open++) page.emit('request', {});
    const reached = wait.reached(5000);
    expect(await settledWithin(reached, 700)).toBe(false);
    lifecycle('networkAlmostIdle', 'doc-2');
    expect(await settledWithin(reached, 50)).toBe(true);
    wait.dispose();
  });

  it("fails with puppeteer's TimeoutError after the time it is given when a request stays open", async () => {
    const { page, idle } = fakes();
    const wait = idle(0);
    page.emit('request', {});
    const started = Date.now();
    const error = await wait.reached(300).then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe('The network was not idle (networkIdle) within 300 ms.');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    wait.dispose();
  });
});
