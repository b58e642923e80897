import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { RecipeController } from './recipe.controller.js';
import { RecipeOperation } from './recipe.operation.js';

@Module({
  imports: [JobsModule],
  controllers: [RecipeController],
  providers: [RecipeOperation],
})
export class RecipeModule {}
