import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { PeriodicTask } from '../../common/time/periodic-task.js';
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
  private readonly task = new PeriodicTask(() => this.topUp(new Date()), (error) => this.logger.error({ err: error }, 'monthly top-up failed; it is retried at the next check'));

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly organizations: OrganizationRepository,
    private readonly ledger: LedgerService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runsApi) return;
    this.task.start(CHECK_EVERY_MS);
    void this.task.run();
  }

  onApplicationShutdown(): void {
    this.task.stop();
  }

  /** The number of free organizations looked at (each topped up at most once a month by the ledger's key). */
  async runOnce(now = new Date()): Promise<number> {
    let count = 0;
    await this.task.run(async () => (count = await this.topUp(now)));
    return count;
  }

  private async topUp(now: Date): Promise<number> {
    const month = utcMonth(now);
    let count = 0;
    for (const organization of await this.organizations.listByPlan('free')) {
      // Organizations created this month already hold this month's allowance from their creation grant.
      if (utcMonth(organization.createdAt) === month) continue;
      await this.ledger.topUp(organization.id, this.config.freeMonthlyCredits, month);
      count += 1;
    }
    return count;
  }
}
