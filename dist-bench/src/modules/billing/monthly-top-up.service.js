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
var MonthlyTopUpService_1;
import { Injectable, Logger } from '@nestjs/common';
import { InjectConfig } from '../../config/config.module.js';
import { OrganizationRepository } from '../auth/organization.repository.js';
import { LedgerService } from './ledger.service.js';
import { utcMonth } from './utc-day.js';
const CHECK_EVERY_MS = 10 * 60_000;
/**
 * Tops free organizations up to FREE_MONTHLY_CREDITS once per UTC month. Every API replica may run it:
 * the ledger's unique (request key, kind) with a key per organization and month makes it happen once.
 */
let MonthlyTopUpService = MonthlyTopUpService_1 = class MonthlyTopUpService {
    config;
    organizations;
    ledger;
    logger = new Logger(MonthlyTopUpService_1.name);
    timer;
    constructor(config, organizations, ledger) {
        this.config = config;
        this.organizations = organizations;
        this.ledger = ledger;
    }
    onApplicationBootstrap() {
        if (!this.config.runsApi)
            return;
        this.timer = setInterval(() => void this.runOnce(), CHECK_EVERY_MS);
        this.timer.unref();
        void this.runOnce();
    }
    onApplicationShutdown() {
        clearInterval(this.timer);
    }
    async runOnce(now = new Date()) {
        const month = utcMonth(now);
        let count = 0;
        try {
            for (const organization of await this.organizations.listByPlan('free')) {
                // Organizations created this month already hold this month's allowance from their creation grant.
                if (utcMonth(organization.createdAt) === month)
                    continue;
                await this.ledger.topUp(organization.id, this.config.freeMonthlyCredits, month);
                count += 1;
            }
        }
        catch (error) {
            this.logger.error({ err: error }, 'monthly top-up failed; it is retried at the next check');
        }
        return count;
    }
};
MonthlyTopUpService = MonthlyTopUpService_1 = __decorate([
    Injectable(),
    __param(0, InjectConfig()),
    __metadata("design:paramtypes", [Object, OrganizationRepository,
        LedgerService])
], MonthlyTopUpService);
export { MonthlyTopUpService };
