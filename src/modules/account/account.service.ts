import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { LimitsService } from '../billing/limits.service.js';
import { limitsFor, monthlyAllowance } from '../billing/plan-limits.js';
import { UsageRepository } from '../billing/usage.repository.js';
import { utcDay, utcMonth } from '../billing/utc-day.js';
import type { AccountView } from './account.view.js';

@Injectable()
export class AccountService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly limits: LimitsService,
    private readonly usage: UsageRepository,
  ) {}

  /** The organization as its own key sees it; free of charge and of limits. */
  async describe(organization: Organization, now: Date = new Date()): Promise<AccountView> {
    const limits = limitsFor(this.config.plans, organization);
    const today = utcDay(now);
    const [inUse, used, todayUsage, monthUsage] = await Promise.all([
      this.limits.slotsInUse(organization.id),
      this.usage.dailyUsed(organization.id, today),
      this.usage.totals(organization.id, today, today),
      this.usage.totals(organization.id, `${utcMonth(now)}-01`, today),
    ]);
    return {
      organization: { id: organization.id, name: organization.name },
      plan: organization.plan,
      credits_remaining: Number(organization.balance),
      monthly_allowance: monthlyAllowance(organization.plan, this.config.freeMonthlyCredits),
      concurrency: { limit: limits.concurrency, in_use: inUse },
      burst: limits.burst,
      daily_limit: { limit: limits.dailyLimit, used },
      usage: { today: todayUsage, month: monthUsage },
    };
  }
}
