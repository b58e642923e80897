import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PeriodicTask } from './periodic-task.js';

export interface RoundsOptions {
  /** Whether this process serves the API (config.runsApi): worker-only processes never run the rounds. */
  readonly runsApi: boolean;
  readonly everyMs: number;
  /** Also one round at boot, so a setting changed by a restart applies at once. */
  readonly atBoot?: boolean;
  /** The log line of a failed round; the next round is tried on time. */
  readonly failure: string;
}

/** Upkeep that API processes run every period from boot to shutdown, one round at a time; a subclass says what a round does. */
export abstract class ApiRounds implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private readonly task: PeriodicTask;

  protected constructor(private readonly rounds: RoundsOptions) {
    this.task = new PeriodicTask(() => this.round(new Date()), (error) => this.logger.error({ err: error }, rounds.failure));
  }

  /** One round of the upkeep, as of `now`. */
  protected abstract round(now: Date): Promise<unknown>;

  onApplicationBootstrap(): void {
    if (!this.rounds.runsApi) return;
    this.task.start(this.rounds.everyMs);
    if (this.rounds.atBoot) void this.task.run();
  }

  onApplicationShutdown(): void {
    this.task.stop();
  }

  /** `work` now, unless a round is under way (then nothing); its failure is logged as a round's. */
  protected runNow(work: () => Promise<unknown>): Promise<void> {
    return this.task.run(work);
  }
}
