import { describe, expect, it } from '@jest/globals';
import { retryAfterMs, targetPause } from './retry-after.js';

const NOW = Date.parse('2026-11-28T12:00:00Z');

describe('Retry-After (decisions 9.3)', () => {
  it('reads seconds and HTTP dates, capped at 120 s, never negative', () => {
    expect(retryAfterMs('3', NOW)).toBe(3000);
    expect(retryAfterMs('Sat, 28 Nov 2026 12:00:30 GMT', NOW)).toBe(30_000);
    expect(retryAfterMs('Sat, 28 Nov 2026 11:59:00 GMT', NOW)).toBe(0);
    expect(retryAfterMs('3600', NOW)).toBe(120_000);
    expect([retryAfterMs(null, NOW), retryAfterMs('', NOW), retryAfterMs('soon', NOW), retryAfterMs('1.5', NOW)]).toEqual([null, null, null, null]);
  });

  it('pauses only a 429 or 503 that says when, twice at most', () => {
    expect(targetPause(429, '1', 0, NOW)).toBe(1000);
    expect(targetPause(503, '2', 1, NOW)).toBe(2000);
    expect(targetPause(429, '1', 2, NOW)).toBeNull();
    expect(targetPause(429, null, 0, NOW)).toBeNull();
    expect(targetPause(500, '1', 0, NOW)).toBeNull();
    expect(targetPause(200, '1', 0, NOW)).toBeNull();
  });
});
