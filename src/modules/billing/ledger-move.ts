/** What the ledger is asked to move and what it answers, shared by its SQLite and MySQL charge programs. */
export interface ChargeRequest {
  readonly organizationId: string;
  readonly requestKey: string;
  readonly amount: number;
  readonly reason: string;
  readonly jobId: string;
  readonly host: string;
  /** Counted against the daily limit when set; null: unlimited. undefined: not a daily-limited operation. */
  readonly dailyLimit?: number | null;
}

export interface LedgerMove {
  readonly entryId: string;
  readonly balanceAfter: number;
  /** True when the move had already happened (a replayed refund): nothing changed this time. */
  readonly replayed?: boolean;
}
