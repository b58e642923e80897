import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { NetworkPolicy } from './network-policy.js';

@Global()
@Module({
  providers: [{ provide: NetworkPolicy, useFactory: (config: AppConfig) => new NetworkPolicy(config), inject: [APP_CONFIG] }],
  exports: [NetworkPolicy],
})
export class NetworkModule {}
