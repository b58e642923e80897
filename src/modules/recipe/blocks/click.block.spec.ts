import { describe, expect, it } from '@jest/globals';
import type { BlockContext } from './block-runner.js';
import { clickBlock } from './click.block.js';

/** A page of `count` matches whose handles are counted: how many are alive at once, and what was clicked. */
function pageOf(count: number, timeLeft: (clicks: number) => boolean = () => true) {
  const seen = { live: 0, most: 0, clicked: [] as number[] };
  const made = () => {
    seen.live += 1;
    seen.most = Math.max(seen.most, seen.live);
    return { dispose: async () => void (seen.live -= 1) };
  };
  const element = (index: number) => {
    const control = { ...made(), evaluate: async () => true, isVisible: async () => true, click: async () => void seen.clicked.push(index), asElement: () => control };
    return control;
  };
  const list = () => ({ ...made(), evaluate: async () => count, evaluateHandle: async (_fn: unknown, index: number) => element(index) });
  const session = {
    page: { evaluateHandle: async () => list() },
    afterAction: async (action: (navigating: () => boolean) => Promise<void>) => (await action(() => false), false),
    assertNotBlocked: () => undefined,
  };
  const assertTimeLeft = () => {
    if (!timeLeft(seen.clicked.length)) throw Object.assign(new Error('The recipe ran past its time limit.'), { code: 'navigation_timeout' });
  };
  return { seen, context: { session, assertTimeLeft } as unknown as BlockContext };
}

describe('clickBlock', () => {
  it('clicks every match in order with all, holding one element handle at a time, and lets every handle go', async () => {
    const { seen, context } = pageOf(5000);
    await clickBlock.run(context, { selector: 'button', all: true });
    expect(seen.clicked).toEqual(Array.from({ length: 5000 }, (_, index) => index));
    expect([seen.most, seen.live]).toEqual([2, 0]);
  });

  it("stops at the job's time, however many matches the page says it has, its handles let go", async () => {
    const { seen, context } = pageOf(1_000_000_000, (clicks) => clicks < 3);
    await expect(clickBlock.run(context, { selector: 'button', all: true })).rejects.toMatchObject({ code: 'navigation_timeout' });
    expect([seen.clicked, seen.live]).toEqual([[0, 1, 2], 0]);
  });

  it('fails action_failed when nothing matches, its list let go', async () => {
    const { seen, context } = pageOf(0);
    await expect(clickBlock.run(context, { selector: 'button' })).rejects.toMatchObject({ code: 'action_failed', message: 'no element matches "button"' });
    expect(seen.live).toBe(0);
  });
});
