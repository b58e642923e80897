import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { NetworkPolicy } from '../network/network-policy.js';
import { EgressRelay } from '../proxy/relay/egress-relay.js';
import { BrowserCluster } from './browser-cluster.js';

const browserCluster = {
  provide: BrowserCluster,
  useFactory: (config: AppConfig, policy: NetworkPolicy, relay: EgressRelay, metrics?: MetricsService) =>
    new BrowserCluster(config, policy, relay, {}, metrics ?? null),
  inject: [APP_CONFIG, NetworkPolicy, EgressRelay, { token: MetricsService, optional: true }],
};

/** The worker's browser. NetworkPolicy and EgressRelay come from the global NetworkModule and ProxyModule. */
@Global()
@Module({ providers: [browserCluster], exports: [BrowserCluster] })
export class BrowserModule {}
