var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { BrowserModule } from '../../infra/browser/browser.module.js';
import { BrowserHealthIndicator } from './browser.health.js';
import { HealthController } from './health.controller.js';
import { RedisHealthIndicator } from './redis.health.js';
let HealthModule = class HealthModule {
};
HealthModule = __decorate([
    Module({
        imports: [TerminusModule.forRoot({ logger: false }), BrowserModule],
        controllers: [HealthController],
        providers: [RedisHealthIndicator, BrowserHealthIndicator],
    })
], HealthModule);
export { HealthModule };
