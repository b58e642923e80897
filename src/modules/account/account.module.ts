import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';

@Module({
  imports: [BillingModule, WebhooksModule],
  controllers: [AccountController],
  providers: [AccountService],
})
export class AccountModule {}
