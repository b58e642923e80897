import type { PlanName } from '../../config/json-files.js';

/** GET /account, exactly the shape of decisions.md section 4. */
export interface AccountView {
  readonly organization: { readonly id: string; readonly name: string };
  readonly plan: PlanName;
  readonly credits_remaining: number;
  /** The free plan's monthly top-up (FREE_MONTHLY_CREDITS); 0 on paid plans, whose credits come by grant. */
  readonly monthly_allowance: number;
  readonly concurrency: { readonly limit: number; readonly in_use: number };
  /** Requests per second on metered routes. */
  readonly burst: number;
  /** limit null: no daily limit; used: charged, unrefunded screenshot and chat requests today (UTC). */
  readonly daily_limit: { readonly limit: number | null; readonly used: number };
  /** Charged requests and net credits (refunds deducted), today and this calendar month, UTC. */
  readonly usage: { readonly today: UsageTotals; readonly month: UsageTotals };
}

export interface UsageTotals {
  readonly requests: number;
  readonly credits: number;
}
