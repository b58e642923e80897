import { isStoreOutage } from '../../common/errors/store-errors.js';

/** How long a worker keeps trying to record a job while its database or Redis is away (a restart takes seconds). */
const STORE_RETRY_MS = 60_000;

/** Runs `work`, again after a growing pause while it fails because a store is down; other errors pass at once. */
async function retryOnOutage<T>(work: () => Promise<T>, forMs = STORE_RETRY_MS): Promise<T> {
  const until = Date.now() + forMs;
  for (let pause = 250; ; pause = Math.min(pause * 2, 4000)) {
    try {
      return await work();
    } catch (error) {
      if (!isStoreOutage(error) || Date.now() + pause > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** InnoDB chose this transaction as a deadlock's victim, or gave up waiting for a lock: the whole transaction may run again. */
export function isLockConflict(error: unknown): boolean {
  const driver = (error as { driverError?: { code?: string }; code?: string } | null)?.driverError ?? (error as { code?: string } | null);
  return driver?.code === 'ER_LOCK_DEADLOCK' || driver?.code === 'ER_LOCK_WAIT_TIMEOUT';
}

/** Runs an idempotent transaction again when it lost a lock conflict (concurrent upserts of one tally row can deadlock). */
export async function retryOnLockConflict<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isLockConflict(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt));
    }
  }
}

/**
 * A job row's transaction as the worker runs it: again after losing a lock conflict (InnoDB rolled it back whole, so
 * running it again is safe), and again after a pause while a store is down.
 */
export function retryStoreWrite<T>(work: () => Promise<T>, forMs = STORE_RETRY_MS): Promise<T> {
  return retryOnOutage(() => retryOnLockConflict(work), forMs);
}
