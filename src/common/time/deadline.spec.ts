import { describe, expect, it } from '@jest/globals';
import { deadlineSignal, raceSignal, withFallback } from './deadline.js';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const failLater = (ms: number, message: string) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error(message)), ms));

describe('raceSignal', () => {
  it('answers the work when it settles before the deadline', async () => {
    await expect(raceSignal(later(5, 'done'), deadlineSignal(Date.now() + 1000), () => new Error('late'))).resolves.toBe('done');
    await expect(raceSignal(failLater(5, 'broke'), deadlineSignal(Date.now() + 1000), () => new Error('late'))).rejects.toThrow('broke');
  });

  it('rejects with the caller\'s error once the deadline passes, and drops the late failure of the abandoned work', async () => {
    const started = Date.now();
    await expect(raceSignal(failLater(100, 'too late'), deadlineSignal(Date.now() + 20), () => new Error('deadline'))).rejects.toThrow('deadline');
    expect(Date.now() - started).toBeLessThan(90);
    await later(120, null); // an unhandled rejection here would fail the test run
  });

  it('rejects at once when the signal has already aborted', async () => {
    await expect(raceSignal(later(50, 'x'), AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });
});

describe('withFallback', () => {
  it('gives the fallback when the work is slow or fails, else the work\'s value', async () => {
    await expect(withFallback(later(200, 'slow'), 10, 'fallback')).resolves.toBe('fallback');
    await expect(withFallback(failLater(1, 'broke'), 100, 'fallback')).resolves.toBe('fallback');
    await expect(withFallback(later(1, 'quick'), 100, 'fallback')).resolves.toBe('quick');
  });
});
