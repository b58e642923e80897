import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
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
@Module({})
export class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule, AuthModule],
      providers: [SqlProgramRunner, LedgerService, OrganizationsService],
    };
  }
}
