import { Module, OnModuleInit } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { OperationRegistry } from '../jobs/operation-registry.js';
import { RecipeController } from './recipe.controller.js';
import { RecipeOperation } from './recipe.operation.js';

@Module({
  imports: [JobsModule],
  controllers: [RecipeController],
  providers: [RecipeOperation],
})
export class RecipeModule implements OnModuleInit {
  constructor(
    private readonly registry: OperationRegistry,
    private readonly operation: RecipeOperation,
  ) {}

  onModuleInit(): void {
    this.registry.register(this.operation);
  }
}
