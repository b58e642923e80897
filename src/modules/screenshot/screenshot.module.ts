import { Module, OnModuleInit } from '@nestjs/common';
import { LlmModule } from '../../infra/llm/llm.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { OperationRegistry } from '../jobs/operation-registry.js';
import { ScreenshotController } from './screenshot.controller.js';
import { ScreenshotOperation } from './screenshot.operation.js';

@Module({
  imports: [JobsModule, LlmModule],
  controllers: [ScreenshotController],
  providers: [ScreenshotOperation],
})
export class ScreenshotModule implements OnModuleInit {
  constructor(
    private readonly registry: OperationRegistry,
    private readonly operation: ScreenshotOperation,
  ) {}

  onModuleInit(): void {
    this.registry.register(this.operation);
  }
}
