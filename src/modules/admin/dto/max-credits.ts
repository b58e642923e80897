/** Credits moved in one call; keeps balances far inside the 32-bit integer columns. */
export const MAX_CREDITS = 1_000_000_000;
