import { describe, expect, it, jest } from '@jest/globals';
import { PeriodicTask } from './periodic-task.js';
import { useFakeClock } from '../../../test/unit/support/fake-clock.js';

describe('PeriodicTask', () => {
  useFakeClock();

  it('runs a round every period until stopped', async () => {
    const round = jest.fn(async () => undefined);
    const task = new PeriodicTask(round, () => undefined);
    task.start(1000);
    await jest.advanceTimersByTimeAsync(3500);
    expect(round).toHaveBeenCalledTimes(3);
    task.stop();
    await jest.advanceTimersByTimeAsync(5000);
    expect(round).toHaveBeenCalledTimes(3);
  });

  it('never starts a round while one is under way', async () => {
    let finish!: () => void;
    const round = jest.fn(() => new Promise<void>((done) => (finish = done)));
    const task = new PeriodicTask(round, () => undefined);
    task.start(1000);
    await jest.advanceTimersByTimeAsync(4500);
    expect(round).toHaveBeenCalledTimes(1);
    await task.run();
    expect(round).toHaveBeenCalledTimes(1);
    finish();
    await jest.advanceTimersByTimeAsync(1000);
    expect(round).toHaveBeenCalledTimes(2);
    task.stop();
  });

  it('reports a failed round and runs the next one on time', async () => {
    const errors: string[] = [];
    let calls = 0;
    const task = new PeriodicTask(async () => {
      calls += 1;
      if (calls === 1) throw new Error('store down');
    }, (error) => errors.push(error.message));
    task.start(1000);
    await jest.advanceTimersByTimeAsync(2000);
    expect(errors).toEqual(['store down']);
    expect(calls).toBe(2);
    task.stop();
  });

  it('runs other work under the same guard', async () => {
    const task = new PeriodicTask(async () => undefined, () => undefined);
    const seen: number[] = [];
    await task.run(async () => seen.push(7));
    expect(seen).toEqual([7]);
  });
});
