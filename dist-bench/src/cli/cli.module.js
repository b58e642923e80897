var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var CliModule_1;
import { Module } from '@nestjs/common';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../infra/database/database.module.js';
import { SqlProgramRunner } from '../infra/database/sql-program.js';
import { OrganizationsService } from '../modules/admin/organizations.service.js';
import { AuthModule } from '../modules/auth/auth.module.js';
import { LedgerService } from '../modules/billing/ledger.service.js';
/**
 * The CLI's context: the database and the organization rules only. Not BillingModule: its LimitsService needs Redis
 * and its monthly top-up would start a timer in a one-shot command.
 */
let CliModule = CliModule_1 = class CliModule {
    static forRoot(config) {
        return {
            module: CliModule_1,
            imports: [ConfigModule.forRoot(config), DatabaseModule, AuthModule],
            providers: [SqlProgramRunner, LedgerService, OrganizationsService],
        };
    }
};
CliModule = CliModule_1 = __decorate([
    Module({})
], CliModule);
export { CliModule };
