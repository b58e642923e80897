import { Global, Module } from '@nestjs/common';
import { BrowserPool } from './browser-pool.js';

@Global()
@Module({ providers: [BrowserPool], exports: [BrowserPool] })
export class BrowserModule {}
