import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { OrganizationRepository } from '../auth/organization.repository.js';
import { LedgerService } from './ledger.service.js';
import { utcMonth } from './utc-day.js';

const CHECK_EVERY_MS = 10 * 60_000;

/**
 * Tops free organizations up to FREE_MONTHLY_CREDITS once per UTC month. Every API replica may run it:
 * the ledger's unique (request key, kind) with a key per organization and month makes it happen once.
 */
@Injectable()
export class MonthlyTopUpService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MonthlyTopUpService.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly organizations: OrganizationRepository,
    private readonly ledger: LedgerService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runsApi) return;
    this.timer = setInterval(() => void this.runOnce(), CHECK_EVERY_MS);
    this.timer.unref();
    void this.runOnce();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async runOnce(now = new Date()): Promise<number> {
    const month = utcMonth(now);
    let count = 0;
    try {
      for (const organization of await this.organizations.listByPlan('free')) {
        // Organizations created this month already hold this month's allowance from their creation grant.
        if (utcMonth(organization.createdAt) === month) continue;
        await this.ledger.topUp(organization.id, this.config.freeMonthlyCredits, month);
        count += 1;
      }
    } catch (error) {
      this.logger.error({ err: error }, 'monthly top-up failed; it is retried at the next check');
    }
    return count;
  }
}
