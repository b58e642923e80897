/** The plan's limits with the organization's own overrides applied (a daily override of -1 means none). */
export function limitsFor(plans, organization) {
    const plan = plans[organization.plan];
    const daily = organization.dailyLimitOverride;
    return {
        concurrency: organization.concurrencyOverride ?? plan.concurrency,
        burst: plan.burst,
        dailyLimit: daily === null ? plan.dailyLimit : daily < 0 ? null : daily,
        priority: plan.priority,
    };
}
