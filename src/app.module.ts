import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { AppExceptionFilter } from './common/errors/app-exception.filter.js';
import { LoggerModule } from './common/logging/logger.module.js';
import { SingleValuedQueryInterceptor } from './common/http/single-valued-query.interceptor.js';
import { CreditHeadersInterceptor } from './common/http/credit-headers.interceptor.js';
import { DatabaseModule } from './infra/database/database.module.js';
import { QueueModule } from './infra/queue/queue.module.js';
import { RedisModule } from './infra/redis/redis.module.js';
import { MetricsCoreModule } from './infra/metrics/metrics.module.js';
import { MetricsModule } from './modules/metrics/metrics.module.js';
import { QueueBoardModule } from './modules/queue-board/queue-board.module.js';
import { DashboardModule } from './modules/dashboard/dashboard.module.js';
import { BrowserModule } from './infra/browser/browser.module.js';
import { NetworkModule } from './infra/network/network.module.js';
import { ProxyModule } from './infra/proxy/proxy.module.js';
import { AccountModule } from './modules/account/account.module.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { ChatModule } from './modules/chat/chat.module.js';
import { CrawlModule } from './modules/crawl/crawl.module.js';
import { SiteModule } from './modules/site/site.module.js';
import { OwedWebhooksModule } from './modules/owed-webhooks/owed-webhooks.module.js';
import { MapModule } from './modules/map/map.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { JobsModule } from './modules/jobs/jobs.module.js';
import { RecipeModule } from './modules/recipe/recipe.module.js';
import { ScreenshotModule } from './modules/screenshot/screenshot.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule,
        MetricsCoreModule,
        DatabaseModule,
        RedisModule,
        QueueModule,
        NetworkModule,
        ProxyModule,
        BrowserModule,
        JobsModule,
        CrawlModule,
        SiteModule,
        OwedWebhooksModule,
        MapModule,
        ScreenshotModule,
        RecipeModule,
        ChatModule,
        AdminModule,
        AccountModule,
        HealthModule,
        MetricsModule,
        QueueBoardModule,
        DashboardModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AppExceptionFilter },
        { provide: APP_INTERCEPTOR, useClass: SingleValuedQueryInterceptor },
        { provide: APP_INTERCEPTOR, useClass: CreditHeadersInterceptor },
      ],
    };
  }
}
