import { describe, expect, it } from '@jest/globals';
import { organizationChanges, UNLIMITED_DAILY_OVERRIDE } from './organization-changes.js';

describe('organizationChanges', () => {
  it('changes nothing for an empty patch', () => {
    expect(organizationChanges({})).toEqual({});
  });

  it('sets the plan and the overrides given', () => {
    expect(organizationChanges({ plan: 'pro', concurrency: 7, daily_limit: 40 })).toEqual({
      plan: 'pro',
      concurrencyOverride: 7,
      dailyLimitOverride: 40,
    });
  });

  it('clears an override with null', () => {
    expect(organizationChanges({ concurrency: null, daily_limit: null })).toEqual({ concurrencyOverride: null, dailyLimitOverride: null });
  });

  it('stores "unlimited" as the entity marker -1', () => {
    expect(organizationChanges({ daily_limit: 'unlimited' })).toEqual({ dailyLimitOverride: UNLIMITED_DAILY_OVERRIDE });
    expect(UNLIMITED_DAILY_OVERRIDE).toBe(-1);
  });

  it('keeps a daily limit of 0 (nothing allowed), distinct from clearing', () => {
    expect(organizationChanges({ daily_limit: 0 })).toEqual({ dailyLimitOverride: 0 });
  });
});
