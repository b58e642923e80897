import { Module, OnModuleInit } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { OperationRegistry } from '../jobs/operation-registry.js';
import { ChatController } from './chat.controller.js';
import { ChatOperation } from './chat.operation.js';

@Module({
  imports: [JobsModule],
  controllers: [ChatController],
  providers: [ChatOperation],
})
export class ChatModule implements OnModuleInit {
  constructor(
    private readonly registry: OperationRegistry,
    private readonly operation: ChatOperation,
  ) {}

  onModuleInit(): void {
    this.registry.register(this.operation);
  }
}
