import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { WebhookBacklog } from './webhook-backlog.js';
import { WebhookDispatcher } from './webhook-dispatcher.service.js';
import { WebhookOutbox } from './webhook-outbox.js';
import { WebhookSecretService } from './webhook-secret.service.js';
import { WebhookSender } from './webhook-sender.service.js';
import { WebhookUrlPolicy } from './webhook-url.js';

/** decisions.md 7.4. Sits below jobs/: the pipeline checks `webhook_url`, the runner reports ends. */
@Module({
  imports: [AuthModule],
  providers: [WebhookUrlPolicy, WebhookBacklog, WebhookDispatcher, WebhookSender, WebhookSecretService, WebhookOutbox],
  exports: [WebhookUrlPolicy, WebhookDispatcher, WebhookSecretService, WebhookOutbox, WebhookBacklog],
})
export class WebhooksModule {}
