import { describe, expect, it } from '@jest/globals';
import { DEBUG_HTML_MAX_BYTES } from '../../infra/browser/debug-capture.js';
import type { DebugCapture } from '../../infra/browser/debug-capture.js';
import { JobCaptures } from './job-captures.js';

const LIVE: DebugCapture = { url: 'http://live.example/', screenshot: 'TElWRQ==', html: '<p>live</p>', truncated: false, captured_at: '2024-01-01T00:00:00.000Z' };

/** A browser double: holds the job's tab while `held`, and counts the thumbnails asked of it. */
function browser() {
  const state = { held: false, thumbnails: 0 };
  const double = {
    captureDebug: async () => (state.held ? LIVE : null),
    thumbnail: async () => (state.thumbnails++, state.held ? 'VEhVTUI=' : ''),
  };
  return { state, captures: new JobCaptures(double as never) };
}

/** Runs the job through a tab (held while `inTab` runs) and then `after`, as the runner and an operation do. */
async function job(captures: JobCaptures, state: { held: boolean }, inTab: () => Promise<void>, after: () => Promise<void>): Promise<void> {
  await captures.during('j1', async () => {
    state.held = true;
    await captures.whileHeld('j1', inTab).finally(() => (state.held = false));
    await after();
  });
}

describe('JobCaptures', () => {
  it('shows the page a job read once its tab is given back, without a thumbnail when nobody asked while it was held', async () => {
    const { state, captures } = browser();
    const seen: Array<DebugCapture | null> = [];
    await job(captures, state, async () => undefined, async () => {
      seen.push(await captures.capture('j1'));
      captures.keep('j1', { url: 'http://a.example/', html: '<p>read</p>' });
      seen.push(await captures.capture('j1'));
    });
    expect(seen).toEqual([null, { url: 'http://a.example/', screenshot: '', html: '<p>read</p>', truncated: false, captured_at: expect.any(String) }]);
    expect(state.thumbnails).toBe(0);
    // Ended: nothing kept.
    expect(await captures.capture('j1')).toBeNull();
  });

  it('takes a thumbnail as the tab is given back only for a job a capture was asked of while it was held', async () => {
    const { state, captures } = browser();
    let kept: DebugCapture | null = null;
    await job(captures, state, async () => {
      expect(await captures.capture('j1')).toBe(LIVE);
    }, async () => {
      captures.keep('j1', { url: 'http://a.example/', html: '<p>read</p>' });
      kept = await captures.capture('j1');
    });
    expect(state.thumbnails).toBe(1);
    expect(kept).toEqual({ url: 'http://a.example/', screenshot: 'VEhVTUI=', html: '<p>read</p>', truncated: false, captured_at: expect.any(String) });
  });

  it('cuts the source as a live capture does: at most DEBUG_HTML_MAX_BYTES of UTF-8, never inside a character', async () => {
    const { state, captures } = browser();
    const html = 'a' + '€'.repeat(DEBUG_HTML_MAX_BYTES);
    let kept: DebugCapture | null = null;
    await job(captures, state, async () => undefined, async () => {
      captures.keep('j1', { url: 'http://a.example/', html });
      kept = await captures.capture('j1');
    });
    expect(kept!.truncated).toBe(true);
    // 1 + 3n bytes within 262,144: 87,381 euro signs.
    expect(kept!.html).toBe('a' + '€'.repeat(87_381));
  });

  it('keeps nothing for a job it does not run (a site crawl page), and never a thumbnail of a failed task', async () => {
    const { state, captures } = browser();
    captures.keep('other', { url: 'http://a.example/', html: '<p>read</p>' });
    expect(await captures.capture('other')).toBeNull();
    await expect(captures.during('j1', async () => {
      await captures.capture('j1');
      await captures.whileHeld('j1', async () => Promise.reject(new Error('navigation failed')));
    })).rejects.toThrow('navigation failed');
    expect(state.thumbnails).toBe(0);
  });
});
