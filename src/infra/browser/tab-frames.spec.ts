import { describe, expect, it } from '@jest/globals';
import { CDPSessionEvent } from 'puppeteer';
import type { CDPSession, Page } from 'puppeteer';
import { TabFrames } from './tab-frames.js';

/** A CDP session double: records what is sent, fails the methods named, lets a test fire its events. */
function session(failing: readonly string[] = []) {
  const sent: string[] = [];
  const handlers = new Map<unknown, (arg: unknown) => void>();
  const double = {
    sent,
    fire: (event: unknown, arg: unknown) => handlers.get(event)?.(arg),
    on: (event: unknown, handler: (arg: unknown) => void) => void handlers.set(event, handler),
    send: async (method: string) => {
      sent.push(method);
      if (failing.includes(method)) throw new Error(`${method} failed`);
      return method === 'Page.getFrameTree' ? { frameTree: { frame: { id: 'main', url: 'about:blank' } } } : {};
    },
  };
  return double;
}

async function tabWith(child: ReturnType<typeof session>) {
  const client = session();
  const page = { createCDPSession: async () => client } as unknown as Page;
  const watched: string[] = [];
  await TabFrames.open(page, () => undefined, async (watchedSession) => {
    watched.push(watchedSession === (client as unknown as CDPSession) ? 'page' : 'iframe');
    await (watchedSession as unknown as ReturnType<typeof session>).send('Fetch.enable');
  });
  client.fire(CDPSessionEvent.SessionAttached, child);
  // The adoption runs on in promises the doubles settle at once: a few turns of the event loop see it through.
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
  return watched;
}

describe('TabFrames: an out-of-process frame runs only once its requests are intercepted', () => {
  it('resumes a frame whose interception started', async () => {
    const child = session();
    expect(await tabWith(child)).toEqual(['page', 'iframe']);
    expect(child.sent).toEqual(['Fetch.enable', 'Page.enable', 'Target.setAutoAttach', 'Runtime.runIfWaitingForDebugger']);
  });

  it('leaves paused a frame whose interception could not start: it never runs unguarded', async () => {
    const child = session(['Fetch.enable']);
    expect(await tabWith(child)).toEqual(['page', 'iframe']);
    expect(child.sent).toEqual(['Fetch.enable']);
  });
});
