import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { ChatController } from './chat.controller.js';
import { ChatOperation } from './chat.operation.js';

@Module({
  imports: [JobsModule],
  controllers: [ChatController],
  providers: [ChatOperation],
})
export class ChatModule {}
