import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { PeriodicTask } from '../../common/time/periodic-task.js';
import { PageCacheService } from './page-cache.service.js';

const EVERY_MS = 60_000;

/** The job janitor's sibling for stored copies (decisions.md 9.6): at start, then every minute, in API processes. */
@Injectable()
export class PageCacheJanitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PageCacheJanitor.name);
  private readonly task = new PeriodicTask(() => this.sweepOnce(new Date()), (error) => this.logger.error({ err: error }, 'page copy sweep failed'));

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly cache: PageCacheService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runsApi) return;
    // At start too: a process started with a smaller CACHE_MAX_BYTES applies it at once.
    void this.sweep();
    this.task.start(EVERY_MS);
  }

  onApplicationShutdown(): void {
    this.task.stop();
  }

  sweep(now = new Date()): Promise<void> {
    return this.task.run(() => this.sweepOnce(now));
  }

  private async sweepOnce(now: Date): Promise<void> {
    const removed = await this.cache.sweep(now);
    if (removed > 0) this.logger.log(`removed ${removed} stored page copies (age or CACHE_MAX_BYTES)`);
  }
}
