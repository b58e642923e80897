import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../config/app-config.js';
import { DEFER_MS, DELIVERY_ATTEMPTS, DeliveryDeferred, DeliveryFailed, webhookBackoff } from './webhook-retry.js';

describe('webhookBackoff', () => {
  it('waits the first backoff, doubling per failed send, and gives up at the fifth', () => {
    const backoff = webhookBackoff(1000);
    expect([1, 2, 3, 4].map((failures) => backoff(failures, new DeliveryFailed('500', failures)))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoff(5, new DeliveryFailed('500', DELIVERY_ATTEMPTS))).toBe(-1);
    // An error that is not a counted send (a crash of the sender) ends the delivery rather than retry it forever.
    expect(backoff(1, new Error('unexpected'))).toBe(-1);
  });

  it('takes its first backoff from the configuration: 1 s unless WEBHOOK_BACKOFF_MS says otherwise', () => {
    expect(loadConfig({}).webhookBackoffMs).toBe(1000);
    const short = webhookBackoff(loadConfig({ WEBHOOK_BACKOFF_MS: '50' }).webhookBackoffMs);
    expect([1, 2, 3, 4].map((failures) => short(failures, new DeliveryFailed('500', failures)))).toEqual([50, 100, 200, 400]);
  });

  it('defers a delivery over its organization share by 1.5-3 s, whatever the first backoff', () => {
    const delays = Array.from({ length: 50 }, () => webhookBackoff(50)(1, new DeliveryDeferred('busy')));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(DEFER_MS);
    expect(Math.max(...delays)).toBeLessThan(2 * DEFER_MS);
  });
});
