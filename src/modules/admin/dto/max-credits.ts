/** Credits moved in one call (a balance's own bound is the ledger's MAX_BALANCE). */
export const MAX_CREDITS = 1_000_000_000;
