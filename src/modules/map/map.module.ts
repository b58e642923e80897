import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { MapController } from './map.controller.js';
import { MapOperation } from './map.operation.js';

@Module({
  imports: [JobsModule],
  controllers: [MapController],
  providers: [MapOperation],
})
export class MapModule {}
