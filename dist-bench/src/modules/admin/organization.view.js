import { limitsFor } from '../billing/plan-limits.js';
export function organizationView(plans, organization) {
    const limits = limitsFor(plans, organization);
    return {
        id: organization.id,
        name: organization.name,
        plan: organization.plan,
        credits_remaining: Number(organization.balance),
        concurrency: limits.concurrency,
        daily_limit: limits.dailyLimit,
    };
}
export function ledgerEntryView(entry) {
    return {
        id: String(entry.id),
        amount: Number(entry.amount),
        balance_after: Number(entry.balanceAfter),
        reason: entry.reason,
        ...(entry.jobId ? { job_id: entry.jobId } : {}),
        created_at: new Date(entry.createdAt).toISOString(),
    };
}
export function usageDayView(day) {
    return { date: day.date, host: day.host, crawls: day.crawls, attempts: day.attempts, credits: day.credits };
}
