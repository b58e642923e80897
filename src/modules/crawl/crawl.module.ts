import { Module } from '@nestjs/common';
import { LlmModule } from '../../infra/llm/llm.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { PageCacheModule } from '../page-cache/page-cache.module.js';
import { CrawlController } from './crawl.controller.js';
import { CrawlOperation } from './crawl.operation.js';

@Module({
  imports: [JobsModule, LlmModule, PageCacheModule],
  controllers: [CrawlController],
  providers: [CrawlOperation],
  exports: [CrawlOperation, LlmModule],
})
export class CrawlModule {}
