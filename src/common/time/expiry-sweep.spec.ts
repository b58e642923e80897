import { describe, expect, it, jest } from '@jest/globals';
import { ExpirySweep } from './expiry-sweep.js';

/** A sweep that deletes `count` rows a round, or fails, and records the time of each round. */
class Counting extends ExpirySweep {
  readonly asked: string[] = [];

  constructor(private readonly count: number | Error) {
    super({ runsApi: true, everyMs: 60_000, failure: 'sweep failed' }, 'old rows');
  }

  protected async removeExpired(now: Date): Promise<number> {
    this.asked.push(now.toISOString());
    if (this.count instanceof Error) throw this.count;
    return this.count;
  }
}

describe('ExpirySweep', () => {
  const now = new Date('2026-12-06T12:00:00.000Z');

  it('deletes what expired as of the sweep and logs how many it removed', async () => {
    const sweep = new Counting(3);
    const logged = jest.spyOn(sweep['logger'], 'log').mockImplementation(() => undefined);
    await sweep.sweep(now);
    expect(sweep.asked).toEqual(['2026-12-06T12:00:00.000Z']);
    expect(logged.mock.calls).toEqual([['removed 3 old rows']]);
  });

  it('logs nothing when nothing expired', async () => {
    const sweep = new Counting(0);
    const logged = jest.spyOn(sweep['logger'], 'log').mockImplementation(() => undefined);
    await sweep.sweep(now);
    expect(logged).not.toHaveBeenCalled();
  });

  it('logs a failed sweep as the rounds do, and the next sweep runs', async () => {
    const sweep = new Counting(new Error('database went away'));
    const failed = jest.spyOn(sweep['logger'], 'error').mockImplementation(() => undefined);
    await expect(sweep.sweep(now)).resolves.toBeUndefined();
    await expect(sweep.sweep(now)).resolves.toBeUndefined();
    expect(sweep.asked).toHaveLength(2);
    expect(failed.mock.calls.map(([, message]) => message)).toEqual(['sweep failed', 'sweep failed']);
  });
});
