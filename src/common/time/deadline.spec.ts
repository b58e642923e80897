import { describe, expect, it } from '@jest/globals';
import { deadlineSignal, raceSignal, withFallback } from './deadline.js';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const failLater = (ms: number, message: string) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error(message)), ms));

describe('raceSignal', () => {
  it('answers the work when it settles before the deadline', async () => {
    await expect(raceSignal(later(5, 'done'), deadlineSignal(Date.now() + 1000), () => new Error('late'))).resolves.toBe('done');
    await expect(raceSignal(failLater(5, 'broke'), deadlineSignal(Date.now() + 1000), () => new Error('late'))).rejects.toThrow('broke');
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

describe('deadlineSignal', () => {
  it('aborts once the wall-clock deadline has passed, and not before', async () => {
    expect(deadlineSignal(Date.now() + 60_000).aborted).toBe(false);
    const past = deadlineSignal(Date.now() - 1);
    await new Promise((resolve) => past.addEventListener('abort', resolve, { once: true }));
    expect(past.aborted).toBe(true);
  });
});

describe('withFallback', () => {
  it('gives the fallback when the work is slow or fails, else the work\'s value', async () => {
    await expect(withFallback(later(200, 'slow'), 10, 'fallback')).resolves.toBe('fallback');
    await expect(withFallback(failLater(1, 'broke'), 100, 'fallback')).resolves.toBe('fallback');
    await expect(withFallback(later(1, 'quick'), 100, 'fallback')).resolves.toBe('quick');
  });
});
