import { Module, OnModuleInit } from '@nestjs/common';
import { LlmModule } from '../../infra/llm/llm.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { OperationRegistry } from '../jobs/operation-registry.js';
import { CrawlController } from './crawl.controller.js';
import { CrawlOperation } from './crawl.operation.js';

@Module({
  imports: [JobsModule, LlmModule],
  controllers: [CrawlController],
  providers: [CrawlOperation],
})
export class CrawlModule implements OnModuleInit {
  constructor(
    private readonly registry: OperationRegistry,
    private readonly operation: CrawlOperation,
  ) {}

  onModuleInit(): void {
    this.registry.register(this.operation);
  }
}
