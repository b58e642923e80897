import { describe, expect, it, jest } from '@jest/globals';
import { ApiRounds, type RoundsOptions } from './api-rounds.js';
import { useFakeClock } from '../../../test/unit/support/fake-clock.js';

/** Rounds that record the time of each one, and fail when told to. */
class Recorder extends ApiRounds {
  readonly times: number[] = [];
  failing = false;

  constructor(options: Partial<RoundsOptions>) {
    super({ runsApi: true, everyMs: 1000, failure: 'round failed', ...options });
  }

  protected async round(now: Date): Promise<void> {
    this.times.push(now.getTime());
    if (this.failing) throw new Error('store went away');
  }
}

describe('ApiRounds', () => {
  useFakeClock(0);

  it('runs a round every period in API processes, from boot to shutdown', async () => {
    const rounds = new Recorder({});
    rounds.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(2500);
    rounds.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(5000);
    expect(rounds.times).toEqual([1000, 2000]);
  });

  it('runs one round at boot too when asked', async () => {
    const rounds = new Recorder({ atBoot: true });
    rounds.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(1500);
    rounds.onApplicationShutdown();
    expect(rounds.times).toEqual([0, 1000]);
  });

  it('never runs in a worker-only process', async () => {
    const rounds = new Recorder({ runsApi: false, atBoot: true });
    rounds.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(5000);
    expect(rounds.times).toEqual([]);
  });

  it('logs a failed round and tries the next one on time', async () => {
    const rounds = new Recorder({});
    const logged = jest.spyOn(rounds['logger'], 'error').mockImplementation(() => undefined);
    rounds.failing = true;
    rounds.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(2000);
    rounds.onApplicationShutdown();
    expect(rounds.times).toEqual([1000, 2000]);
    expect(logged.mock.calls.map(([, message]) => message)).toEqual(['round failed', 'round failed']);
  });
});
