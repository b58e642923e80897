import type { PlanName, PlanTable } from '../../config/json-files.js';
import type { LedgerEntry, Organization } from '../../infra/database/entities/index.js';
import { limitsFor } from '../billing/plan-limits.js';

/** The admin API's public JSON (decisions.md section 4), snake_case. */
export interface OrganizationView {
  readonly id: string;
  readonly name: string;
  readonly plan: PlanName;
  readonly credits_remaining: number;
  /** Effective values: the organization's override, else its plan's. */
  readonly concurrency: number;
  /** null: no daily limit. */
  readonly daily_limit: number | null;
}

export interface CreatedOrganizationView {
  readonly id: string;
  readonly name: string;
  readonly plan: PlanName;
  readonly credits_remaining: number;
  readonly api_key: string;
  readonly api_key_id: string;
}

export interface LedgerEntryView {
  /** Entry ids are strings everywhere (entry_id of a grant included): they are 64-bit in MySQL. */
  readonly id: string;
  readonly amount: number;
  readonly balance_after: number;
  readonly reason: string;
  /** Present on charges and refunds only. */
  readonly job_id?: string;
  readonly created_at: string;
}

export function organizationView(plans: PlanTable, organization: Organization): OrganizationView {
  const limits = limitsFor(plans, organization);
  return {
    id: organization.id,
    name: organization.name,
    plan: organization.plan,
    credits_remaining: Number(organization.balance),
    concurrency: limits.concurrency,
    daily_limit: limits.dailyLimit,
  };
}

export function ledgerEntryView(entry: LedgerEntry): LedgerEntryView {
  return {
    id: String(entry.id),
    amount: Number(entry.amount),
    balance_after: Number(entry.balanceAfter),
    reason: entry.reason,
    ...(entry.jobId ? { job_id: entry.jobId } : {}),
    created_at: new Date(entry.createdAt).toISOString(),
  };
}
