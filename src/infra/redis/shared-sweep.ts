import type { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { PeriodicTask } from '../../common/time/periodic-task.js';

/**
 * A round of upkeep every period, by one process of all that run it: the one that takes the period's turn in Redis
 * (a key set NX for just under the period). Every process starts it; `sweep()` runs a round now, whoever's turn it
 * is (tests).
 */
export abstract class SharedSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  protected abstract readonly logger: Logger;
  private readonly task = new PeriodicTask(() => this.takeTurn(Date.now()), (error) => this.logger.warn(`${this.turn.what} skipped: ${error.message}`));

  constructor(
    protected readonly redis: Redis,
    private readonly turn: { readonly key: string; readonly periodMs: number; readonly what: string },
  ) {}

  onApplicationBootstrap(): void {
    this.task.start(this.turn.periodMs);
  }

  onApplicationShutdown(): void {
    this.task.stop();
  }

  sweep(now = Date.now()): Promise<void> {
    return this.task.run(() => this.round(now));
  }

  /** One round of the upkeep. */
  protected abstract round(now: number): Promise<void>;

  private async takeTurn(now: number): Promise<void> {
    if ((await this.redis.set(this.turn.key, String(process.pid), 'PX', this.turn.periodMs - 100, 'NX')) !== 'OK') return;
    await this.round(now);
  }
}
