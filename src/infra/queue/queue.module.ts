import { BullModule } from '@nestjs/bull';
import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { JOBS_QUEUE, WEBHOOKS_QUEUE } from './queue.constants.js';
import { WEBHOOK_BACKOFF, webhookBackoff } from './webhook-retry.js';

// Browser jobs hold the event loop busy at times: a long lock, renewed often, and a dead worker's job is noticed by
// the stalled check and failed (maxStalledCount 0) instead of running twice.
const QUEUE_SETTINGS = { lockDuration: 60000, lockRenewTime: 15000, stalledInterval: 30000, maxStalledCount: 0 };

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
      useFactory: (config: AppConfig) => ({
        settings: { ...QUEUE_SETTINGS, backoffStrategies: { [WEBHOOK_BACKOFF]: webhookBackoff(config.webhookBackoffMs) } },
      }),
    }),
  ],
  exports: [BullModule],
})
export class QueueModule {}
