import { Module } from '@nestjs/common';
import { SqlProgramRunner } from '../../infra/database/sql-program.js';
import { AuthModule } from '../auth/auth.module.js';
import { LedgerService } from './ledger.service.js';
import { LimitsService } from './limits.service.js';
import { MonthlyTopUpService } from './monthly-top-up.service.js';
import { UsageRepository } from './usage.repository.js';

@Module({
  imports: [AuthModule],
  providers: [SqlProgramRunner, LedgerService, LimitsService, UsageRepository, MonthlyTopUpService],
  exports: [SqlProgramRunner, LedgerService, LimitsService, UsageRepository, AuthModule],
})
export class BillingModule {}
