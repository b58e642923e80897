import { afterEach, beforeEach, jest } from '@jest/globals';

/** Every test of the calling block runs on jest's fake timers (Date.now() at `now` when given), real timers after it. */
export function useFakeClock(now?: number): void {
  beforeEach(() => {
    jest.useFakeTimers(now === undefined ? {} : { now });
  });
  afterEach(() => {
    jest.useRealTimers();
  });
}
