import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { BrowserCluster } from '../../infra/browser/browser-cluster.js';

/** Ready only when this process's browser answers; an API-only process has no browser and skips the check. */
@Injectable()
export class BrowserHealthIndicator {
  constructor(
    private readonly pool: BrowserCluster,
    private readonly indicator: HealthIndicatorService,
  ) {}

  async check(key: string) {
    const session = this.indicator.check(key);
    if (!this.pool.enabled) return session.up({ role: 'api' });
    return (await this.pool.isHealthy()) ? session.up() : session.down({ message: 'browser not connected' });
  }
}
