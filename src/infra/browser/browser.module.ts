import { Global, Module } from '@nestjs/common';
import { BrowserPool } from './browser-pool.js';

/** The worker's browser. NetworkPolicy and ProxyPoolService come from the global NetworkModule and ProxyModule. */
@Global()
@Module({ providers: [BrowserPool], exports: [BrowserPool] })
export class BrowserModule {}
