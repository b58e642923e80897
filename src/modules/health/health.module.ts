import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { BrowserModule } from '../../infra/browser/browser.module.js';
import { BrowserHealthIndicator } from './browser.health.js';
import { HealthController } from './health.controller.js';
import { RedisHealthIndicator } from './redis.health.js';

@Module({
  imports: [TerminusModule.forRoot({ logger: false }), BrowserModule],
  controllers: [HealthController],
  providers: [RedisHealthIndicator, BrowserHealthIndicator],
})
export class HealthModule {}
