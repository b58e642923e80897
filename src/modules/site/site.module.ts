import { Module } from '@nestjs/common';
import { CrawlModule } from '../crawl/crawl.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { FrontierRepository } from './frontier/frontier.repository.js';
import { HostGate } from './host-gate.js';
import { PageWork } from './page-work.js';
import { SiteCrawls } from './site-crawls.js';
import { SiteEnds } from './site-ends.js';
import { SitePageRunner } from './site-page.runner.js';
import { SiteQueue } from './site-queue.js';
import { SiteStart } from './site-start.js';
import { SiteSweeper } from './site-sweeper.service.js';
import { SiteViews } from './site-views.js';
import { SiteCancel } from './site-cancel.js';
import { SiteController } from './site.controller.js';
import { SiteOperation } from './site.operation.js';
import { SiteService } from './site.service.js';

/** decisions.md 9.3: POST /site, its frontier, its pages on the one queue, their money, hosts and ends. */
@Module({
  imports: [JobsModule, CrawlModule, WebhooksModule],
  controllers: [SiteController],
  providers: [FrontierRepository, HostGate, SiteCancel, PageWork, SiteCrawls, SiteEnds, SitePageRunner, SiteQueue, SiteStart, SiteSweeper, SiteViews, SiteOperation, SiteService],
  exports: [SiteEnds, SiteCrawls],
})
export class SiteModule {}
