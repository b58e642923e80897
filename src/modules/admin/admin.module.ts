import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module.js';
import { AdminController } from './admin.controller.js';
import { LedgerEntryRepository } from './ledger-entry.repository.js';
import { OrganizationReportsService } from './organization-reports.service.js';
import { OrganizationsService } from './organizations.service.js';

@Module({
  imports: [BillingModule],
  controllers: [AdminController],
  providers: [OrganizationsService, OrganizationReportsService, LedgerEntryRepository],
  exports: [OrganizationsService],
})
export class AdminModule {}
