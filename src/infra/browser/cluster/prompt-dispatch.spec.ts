import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Cluster } from 'puppeteer-cluster';
import type { ConcurrencyClass } from './cluster-types.js';
import { dispatchPromptly } from './prompt-dispatch.js';

/** A concurrency without a browser: each worker hands out a stand-in page, so only the cluster's scheduling runs. */
class StandInConcurrency {
  async init(): Promise<void> {}
  async close(): Promise<void> {}
  async workerInstance() {
    const page = { on: () => page, off: () => page };
    return { jobInstance: async () => ({ resources: { page }, close: async () => undefined }), close: async () => undefined, repair: async () => undefined };
  }
}

/** The cluster's options for the stand-in (its `puppeteer` is only handed to the concurrency, which needs none). */
const STAND_IN = { concurrency: StandInConcurrency as unknown as ConcurrencyClass, puppeteer: {}, timeout: 60_000 };

/**
 * Fake timers stand the clock still, so the cluster's own 10 ms throttle never fires; immediates stay real, so what
 * dispatchPromptly schedules does. The clock never moving is what makes "at once" exact.
 */
function standStill(): void {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
}

/** Lets the event loop turn until `done()` holds or 500 turns passed (a few milliseconds: no clock is involved). */
async function turnsUntil(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 500 && !done(); turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** A cluster whose jobs record their start and hold their worker until released. */
async function holdingCluster(maxConcurrency: number, prompt: boolean) {
  const cluster = await Cluster.launch({ ...STAND_IN, maxConcurrency });
  if (prompt) dispatchPromptly(cluster);
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  const executions: Array<Promise<unknown>> = [];
  const queue = (name: string): void => {
    executions.push(
      cluster.execute(() => {
        started.push(name);
        return new Promise<void>((resolve) => releases.set(name, resolve));
      }),
    );
  };
  const close = async (): Promise<void> => {
    for (const release of releases.values()) release();
    await jest.advanceTimersByTimeAsync(1000);
    await Promise.all(executions);
    jest.useRealTimers();
    await cluster.close();
  };
  return { started, releases, queue, close };
}

describe('dispatchPromptly', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('starts every job queued together without waiting for the clock, where the cluster alone waits 10 ms a job', async () => {
    standStill();
    const alone = await holdingCluster(6, false);
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) alone.queue(name);
    await turnsUntil(() => alone.started.length === 6);
    expect(alone.started).toEqual([]);
    await jest.advanceTimersByTimeAsync(200);
    expect(alone.started).toHaveLength(6);
    await alone.close();

    standStill();
    const prompt = await holdingCluster(6, true);
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) prompt.queue(name);
    await turnsUntil(() => prompt.started.length === 6);
    expect(prompt.started).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    await prompt.close();
  });

  it('starts a job queued while every worker is busy as soon as one is free, and never more jobs than workers', async () => {
    standStill();
    const { started, releases, queue, close } = await holdingCluster(2, true);
    for (const name of ['a', 'b', 'c']) queue(name);
    await turnsUntil(() => started.length === 3);
    expect(started).toEqual(['a', 'b']);
    releases.get('b')!();
    await turnsUntil(() => started.length === 3);
    expect(started).toEqual(['a', 'b', 'c']);
    await close();
  });

  it('refuses a cluster without the private methods it schedules', () => {
    expect(() => dispatchPromptly({} as unknown as Cluster)).toThrow('puppeteer-cluster assumption broken');
  });
});
