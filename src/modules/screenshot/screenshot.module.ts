import { Module } from '@nestjs/common';
import { LlmModule } from '../../infra/llm/llm.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { ScreenshotController } from './screenshot.controller.js';
import { ScreenshotOperation } from './screenshot.operation.js';

@Module({
  imports: [JobsModule, LlmModule],
  controllers: [ScreenshotController],
  providers: [ScreenshotOperation],
})
export class ScreenshotModule {}
