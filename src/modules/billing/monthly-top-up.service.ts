import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { ApiRounds } from '../../common/time/api-rounds.js';
import { OrganizationRepository } from '../auth/organization.repository.js';
import { LedgerService } from './ledger.service.js';
import { utcMonth } from './utc-day.js';

const CHECK_EVERY_MS = 10 * 60_000;

/**
 * Tops free organizations up to FREE_MONTHLY_CREDITS once per UTC month. Every API replica may run it:
 * the ledger's unique (request key, kind) with a key per organization and month makes it happen once.
 */
@Injectable()
export class MonthlyTopUpService extends ApiRounds {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly organizations: OrganizationRepository,
    private readonly ledger: LedgerService,
  ) {
    super({ runsApi: config.runsApi, everyMs: CHECK_EVERY_MS, atBoot: true, failure: 'monthly top-up failed; it is retried at the next check' });
  }

  /** The number of free organizations looked at (each topped up at most once a month by the ledger's key). */
  async runOnce(now = new Date()): Promise<number> {
    let count = 0;
    await this.runNow(async () => (count = await this.round(now)));
    return count;
  }

  protected async round(now: Date): Promise<number> {
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
