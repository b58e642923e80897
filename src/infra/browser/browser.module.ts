import { Global, Module } from '@nestjs/common';
import { BrowserCluster } from './browser-cluster.js';

/** The worker's browser. NetworkPolicy and ProxyPoolService come from the global NetworkModule and ProxyModule. */
@Global()
@Module({ providers: [BrowserCluster], exports: [BrowserCluster] })
export class BrowserModule {}
