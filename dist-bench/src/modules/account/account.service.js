var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
import { Injectable } from '@nestjs/common';
import { InjectConfig } from '../../config/config.module.js';
import { LimitsService } from '../billing/limits.service.js';
import { limitsFor } from '../billing/plan-limits.js';
import { UsageRepository } from '../billing/usage.repository.js';
import { utcDay, utcMonth } from '../billing/utc-day.js';
let AccountService = class AccountService {
    config;
    limits;
    usage;
    constructor(config, limits, usage) {
        this.config = config;
        this.limits = limits;
        this.usage = usage;
    }
    /** The organization as its own key sees it; free of charge and of limits. */
    async describe(organization, now = new Date()) {
        const limits = limitsFor(this.config.plans, organization);
        const today = utcDay(now);
        const [inUse, used, todayUsage, monthUsage] = await Promise.all([
            this.limits.slotsInUse(organization.id),
            this.usage.dailyUsed(organization.id, today),
            this.usage.totals(organization.id, today, today),
            this.usage.totals(organization.id, `${utcMonth(now)}-01`, today),
        ]);
        return {
            organization: { id: organization.id, name: organization.name },
            plan: organization.plan,
            credits_remaining: Number(organization.balance),
            monthly_allowance: organization.plan === 'free' ? this.config.freeMonthlyCredits : 0,
            concurrency: { limit: limits.concurrency, in_use: inUse },
            burst: limits.burst,
            daily_limit: { limit: limits.dailyLimit, used },
            usage: { today: todayUsage, month: monthUsage },
        };
    }
};
AccountService = __decorate([
    Injectable(),
    __param(0, InjectConfig()),
    __metadata("design:paramtypes", [Object, LimitsService,
        UsageRepository])
], AccountService);
export { AccountService };
