import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { logConnection } from './connection-log.js';

export const REDIS = Symbol('REDIS');
export const InjectRedis = (): ParameterDecorator => Inject(REDIS);

/** One shared ioredis client for limits, debug captures and health; Bull keeps its own connections. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => logConnection(new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }), 'shared'),
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
