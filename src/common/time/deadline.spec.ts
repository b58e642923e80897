import { describe, expect, it, jest } from '@jest/globals';
import { useFakeClock } from '../../../test/unit/support/fake-clock.js';
import { deadlineSignal, raceSignal, timeoutSignal, withFallback } from './deadline.js';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const failLater = (ms: number, message: string) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error(message)), ms));
/** Whether `promise` has settled by now (after the microtasks queued so far). */
const settled = async (promise: Promise<unknown>) => {
  let done = false;
  promise.then(() => (done = true), () => (done = true));
  await jest.advanceTimersByTimeAsync(0);
  return done;
};

describe('raceSignal', () => {
  useFakeClock(1_000_000);

  it('answers the work when it settles before the deadline', async () => {
    const done = raceSignal(later(5, 'done'), deadlineSignal(Date.now() + 1000), () => new Error('late'));
    const broke = raceSignal(failLater(5, 'broke'), deadlineSignal(Date.now() + 1000), () => new Error('late'));
    broke.catch(() => undefined);
    await jest.advanceTimersByTimeAsync(5);
    await expect(done).resolves.toBe('done');
    await expect(broke).rejects.toThrow('broke');
  });

  it('rejects with the caller\'s error once the signal aborts, and drops the late failure of the abandoned work', async () => {
    const controller = new AbortController();
    let fail!: (error: Error) => void;
    const work = new Promise<never>((_, reject) => (fail = reject));
    const raced = raceSignal(work, controller.signal, () => new Error('deadline'));
    controller.abort();
    await expect(raced).rejects.toThrow('deadline');
    fail(new Error('too late')); // an unhandled rejection here would fail the test run
    await expect(work).rejects.toThrow('too late');
  });

  it('rejects at once when the signal has already aborted', async () => {
    await expect(raceSignal(later(50, 'x'), AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });
});

describe('deadlineSignal and timeoutSignal', () => {
  useFakeClock(1_000_000);

  it('aborts once the wall-clock deadline has passed, and not a millisecond before', async () => {
    const signal = deadlineSignal(Date.now() + 300);
    await jest.advanceTimersByTimeAsync(299);
    expect(signal.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(signal.aborted).toBe(true);
    expect(deadlineSignal(Date.now() - 1).aborted).toBe(false); // a past deadline fires on the next turn, as a timer does
  });

  it('aborts with a TimeoutError, as AbortSignal.timeout does', async () => {
    const signal = timeoutSignal(10);
    await jest.advanceTimersByTimeAsync(10);
    expect((signal.reason as DOMException).name).toBe('TimeoutError');
  });
});

describe('withFallback', () => {
  useFakeClock(1_000_000);

  it('gives the fallback once the time has passed, not before', async () => {
    const slow = withFallback(later(200, 'slow'), 10, 'fallback');
    await jest.advanceTimersByTimeAsync(9);
    expect(await settled(slow)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(slow).resolves.toBe('fallback');
  });

  it('gives the fallback when the work fails, else the work\'s value', async () => {
    const broke = withFallback(failLater(1, 'broke'), 100, 'fallback');
    const quick = withFallback(later(1, 'quick'), 100, 'fallback');
    await jest.advanceTimersByTimeAsync(1);
    await expect(broke).resolves.toBe('fallback');
    await expect(quick).resolves.toBe('quick');
  });
});
