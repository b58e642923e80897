import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { LedgerService } from './ledger.service.js';
import { LimitsService } from './limits.service.js';
import { MonthlyTopUpService } from './monthly-top-up.service.js';
import { UsageRepository } from './usage.repository.js';

@Module({
  imports: [AuthModule],
  providers: [LedgerService, LimitsService, UsageRepository, MonthlyTopUpService],
  exports: [LedgerService, LimitsService, UsageRepository, AuthModule],
})
export class BillingModule {}
