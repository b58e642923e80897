var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var AppModule_1;
import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ConfigModule } from './config/config.module.js';
import { AppExceptionFilter } from './common/errors/app-exception.filter.js';
import { LoggerModule } from './common/logging/logger.module.js';
import { DatabaseModule } from './infra/database/database.module.js';
import { QueueModule } from './infra/queue/queue.module.js';
import { RedisModule } from './infra/redis/redis.module.js';
import { BrowserModule } from './infra/browser/browser.module.js';
import { NetworkModule } from './infra/network/network.module.js';
import { ProxyModule } from './infra/proxy/proxy.module.js';
import { AccountModule } from './modules/account/account.module.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { ChatModule } from './modules/chat/chat.module.js';
import { CrawlModule } from './modules/crawl/crawl.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { JobsModule } from './modules/jobs/jobs.module.js';
import { ScreenshotModule } from './modules/screenshot/screenshot.module.js';
let AppModule = AppModule_1 = class AppModule {
    static forRoot(config) {
        return {
            module: AppModule_1,
            imports: [
                ConfigModule.forRoot(config),
                LoggerModule,
                DatabaseModule,
                RedisModule,
                QueueModule,
                NetworkModule,
                ProxyModule,
                BrowserModule,
                JobsModule,
                CrawlModule,
                ScreenshotModule,
                ChatModule,
                AdminModule,
                AccountModule,
                HealthModule,
            ],
            providers: [{ provide: APP_FILTER, useClass: AppExceptionFilter }],
        };
    }
};
AppModule = AppModule_1 = __decorate([
    Module({})
], AppModule);
export { AppModule };
