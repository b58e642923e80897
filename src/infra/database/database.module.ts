import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { ENTITIES } from './entities/index.js';
import { dataSourceOptions } from './data-source-options.js';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      // Migrations run at start-up; with several replicas TypeORM's migration table lock keeps it to one.
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config),
        migrationsRun: true,
        migrationsTransactionMode: 'each',
        retryAttempts: 5,
        retryDelay: 2000,
      }),
    }),
    TypeOrmModule.forFeature(ENTITIES),
  ],
  exports: [TypeOrmModule],
})
export class DatabaseModule {}
