import type { AdvancedSettings } from 'bull';
import { DELIVERY_ATTEMPTS, WEBHOOK_BACKOFF, webhookBackoff } from './webhook-retry.js';

/**
 * Browser jobs hold the event loop busy at times: a long lock, renewed often, and a dead worker's job is noticed by
 * the stalled check and failed (maxStalledCount 0) instead of running twice (its row says `worker_lost`).
 */
export const QUEUE_SETTINGS: AdvancedSettings = { lockDuration: 60000, lockRenewTime: 15000, stalledInterval: 30000, maxStalledCount: 0 };

/**
 * A queue's own settings replace the root's, so the webhooks queue states them all. A delivery whose worker died
 * mid-send (kill -9) goes back to wait for another worker instead of failing: decisions.md 7.4 retries a delivery
 * that got no answer, and the receiver tells a repeat by its X-Crawlgate-Delivery. As many times as a delivery has
 * sends, so a delivery that kills its workers still ends.
 */
export function webhookQueueSettings(firstBackoffMs: number): AdvancedSettings {
  return { ...QUEUE_SETTINGS, maxStalledCount: DELIVERY_ATTEMPTS - 1, backoffStrategies: { [WEBHOOK_BACKOFF]: webhookBackoff(firstBackoffMs) } };
}
