/** The Bull backoff strategy of webhook deliveries (registered on the webhooks queue). */
export const WEBHOOK_BACKOFF = 'webhook-delivery';
/** Failed sends before a delivery is given up (decisions.md 7.4). */
export const DELIVERY_ATTEMPTS = 5;
/** Bull's own attempt count: deferrals count there too, so it bounds them (about 6 h of turns); DELIVERY_ATTEMPTS bounds sends. */
export const DELIVERY_TURNS = 10_000;
/** A deferred delivery waits this long, plus up to as much again of jitter. */
export const DEFER_MS = 1500;

/** Not its turn (its organization's share is in flight, or Redis could not tell): it waits in place, spending no attempt. */
export class DeliveryDeferred extends Error {
  override readonly name = 'DeliveryDeferred';
}

/** A send that failed; `failures` counts this one. */
export class DeliveryFailed extends Error {
  override readonly name = 'DeliveryFailed';

  constructor(message: string, readonly failures: number) {
    super(message);
  }
}

/**
 * Bull's delay before a delivery's next turn, the delivery kept as the same job (moved to delayed in place, as Bull
 * does for any retry): deferred, 1.5-3 s; failed, `firstBackoffMs` (1 s by default) doubling per failure; -1 (given
 * up) after DELIVERY_ATTEMPTS.
 */
export function webhookBackoff(firstBackoffMs: number): (attemptsMade: number, error: Error) => number {
  return (_attemptsMade, error) => {
    if (error instanceof DeliveryDeferred) return DEFER_MS + Math.floor(Math.random() * DEFER_MS);
    const failures = error instanceof DeliveryFailed ? error.failures : DELIVERY_ATTEMPTS;
    return failures >= DELIVERY_ATTEMPTS ? -1 : firstBackoffMs * 2 ** (failures - 1);
  };
}
