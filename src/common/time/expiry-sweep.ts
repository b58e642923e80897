import { ApiRounds, type RoundsOptions } from './api-rounds.js';

/**
 * API rounds that delete what has expired and log how many they removed (the job janitor, the page copy janitor).
 * `sweep` runs one round now, unless one is under way.
 */
export abstract class ExpirySweep extends ApiRounds {
  /** `removed`: what the log line calls the rows a round deleted ("expired job results"). */
  protected constructor(rounds: RoundsOptions, private readonly removed: string) {
    super(rounds);
  }

  /** Deletes what has expired as of `now`; returns how many were deleted. */
  protected abstract removeExpired(now: Date): Promise<number>;

  sweep(now = new Date()): Promise<void> {
    return this.runNow(() => this.round(now));
  }

  protected async round(now: Date): Promise<void> {
    const count = await this.removeExpired(now);
    if (count > 0) this.logger.log(`removed ${count} ${this.removed}`);
  }
}
