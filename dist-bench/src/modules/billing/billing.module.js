var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
import { Module } from '@nestjs/common';
import { SqlProgramRunner } from '../../infra/database/sql-program.js';
import { AuthModule } from '../auth/auth.module.js';
import { LedgerService } from './ledger.service.js';
import { LimitsService } from './limits.service.js';
import { MonthlyTopUpService } from './monthly-top-up.service.js';
import { UsageRepository } from './usage.repository.js';
let BillingModule = class BillingModule {
};
BillingModule = __decorate([
    Module({
        imports: [AuthModule],
        providers: [SqlProgramRunner, LedgerService, LimitsService, UsageRepository, MonthlyTopUpService],
        exports: [SqlProgramRunner, LedgerService, LimitsService, UsageRepository, AuthModule],
    })
], BillingModule);
export { BillingModule };
