import { isStoreOutage } from '../../common/errors/store-errors.js';

/** How long a worker keeps trying to record a job while its database or Redis is away (a restart takes seconds). */
export const STORE_RETRY_MS = 60_000;

/** Runs `work`, again after a growing pause while it fails because a store is down; other errors pass at once. */
export async function retryOnOutage<T>(work: () => Promise<T>, forMs = STORE_RETRY_MS): Promise<T> {
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
