import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { AccountActivityController } from './account-activity.controller.js';
import { AccountActivityService } from './account-activity.service.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';
import { RecentJobsRepository } from './recent-jobs.repository.js';

@Module({
  imports: [BillingModule, WebhooksModule],
  controllers: [AccountController, AccountActivityController],
  providers: [AccountService, AccountActivityService, RecentJobsRepository],
})
export class AccountModule {}
