import type { PlanTable } from '../../config/json-files.js';
import type { Organization } from '../../infra/database/entities/index.js';

export interface EffectiveLimits {
  readonly concurrency: number;
  readonly burst: number;
  /** null: no daily limit. */
  readonly dailyLimit: number | null;
  readonly priority: number;
}

/** The plan's limits with the organization's own overrides applied (a daily override of -1 means none). */
export function limitsFor(plans: PlanTable, organization: Pick<Organization, 'plan' | 'concurrencyOverride' | 'dailyLimitOverride'>): EffectiveLimits {
  const plan = plans[organization.plan];
  const daily = organization.dailyLimitOverride;
  return {
    concurrency: organization.concurrencyOverride ?? plan.concurrency,
    burst: plan.burst,
    dailyLimit: daily === null ? plan.dailyLimit : daily < 0 ? null : daily,
    priority: plan.priority,
  };
}

/** The credits a plan is given each month: the free plan's allowance (its top-up, and its credits at creation); none else. */
export function monthlyAllowance(plan: string, freeMonthlyCredits: number): number {
  return plan === 'free' ? freeMonthlyCredits : 0;
}
