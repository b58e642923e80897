import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { ExpirySweep } from '../../common/time/expiry-sweep.js';
import { PageCacheService } from './page-cache.service.js';

const EVERY_MS = 60_000;

/** The job janitor's sibling for stored copies (decisions.md 9.6): at start, then every minute, in API processes. */
@Injectable()
export class PageCacheJanitor extends ExpirySweep {
  constructor(
    @InjectConfig() config: AppConfig,
    private readonly cache: PageCacheService,
  ) {
    // At boot too: a process started with a smaller CACHE_MAX_BYTES applies it at once.
    super({ runsApi: config.runsApi, everyMs: EVERY_MS, atBoot: true, failure: 'page copy sweep failed' }, 'stored page copies (age or CACHE_MAX_BYTES)');
  }

  protected removeExpired(now: Date): Promise<number> {
    return this.cache.sweep(now);
  }
}
