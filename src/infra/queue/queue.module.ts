import { BullModule } from '@nestjs/bull';
import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { JOBS_QUEUE, WEBHOOKS_QUEUE } from './queue.constants.js';
import { QUEUE_SETTINGS, webhookQueueSettings } from './queue-settings.js';

@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        redis: config.redisUrl,
        prefix: 'crawlgate',
        settings: QUEUE_SETTINGS,
        defaultJobOptions: { attempts: 1, removeOnComplete: true, removeOnFail: true },
      }),
    }),
    BullModule.registerQueue({ name: JOBS_QUEUE }),
    BullModule.registerQueueAsync({
      name: WEBHOOKS_QUEUE,
      inject: [APP_CONFIG],
      // A queue's own settings replace the root's: both are given.
      useFactory: (config: AppConfig) => ({ settings: webhookQueueSettings(config.webhookBackoffMs) }),
    }),
  ],
  exports: [BullModule],
})
export class QueueModule {}
