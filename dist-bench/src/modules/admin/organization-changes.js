import { UNLIMITED } from './dto/update-organization.dto.js';
/** The entity's marker for "no daily limit for this organization" (see limitsFor). */
export const UNLIMITED_DAILY_OVERRIDE = -1;
/** PATCH body -> column changes: absent leaves alone, null clears the override, "unlimited" stores -1. */
export function organizationChanges(patch) {
    const changes = {};
    if (patch.plan !== undefined)
        changes.plan = patch.plan;
    if (patch.concurrency !== undefined)
        changes.concurrencyOverride = patch.concurrency;
    if (patch.daily_limit !== undefined) {
        changes.dailyLimitOverride = patch.daily_limit === UNLIMITED ? UNLIMITED_DAILY_OVERRIDE : patch.daily_limit;
    }
    return changes;
}
