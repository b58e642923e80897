import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { NetworkPolicy } from '../network/network-policy.js';
import { EgressRelay } from '../proxy/relay/egress-relay.js';
import { BrowserCluster } from './browser-cluster.js';

const browserCluster = {
  provide: BrowserCluster,
  useFactory: (config: AppConfig, policy: NetworkPolicy, relay: EgressRelay) => new BrowserCluster(config, policy, relay),
  inject: [APP_CONFIG, NetworkPolicy, EgressRelay],
};

/** The worker's browser. NetworkPolicy and EgressRelay come from the global NetworkModule and ProxyModule. */
@Global()
@Module({ providers: [browserCluster], exports: [BrowserCluster] })
export class BrowserModule {}
