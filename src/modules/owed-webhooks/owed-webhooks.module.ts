import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { SiteModule } from '../site/site.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { OwedWebhooksSweeper } from './owed-webhooks.sweeper.js';

/** Above jobs/ and site/: the one place that knows every announcement, to queue again what a crash lost (webhook-outbox.ts). */
@Module({
  imports: [JobsModule, SiteModule, WebhooksModule],
  providers: [OwedWebhooksSweeper],
  exports: [OwedWebhooksSweeper],
})
export class OwedWebhooksModule {}
