var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG } from '../../config/config.module.js';
import { ENTITIES } from './entities/index.js';
import { dataSourceOptions } from './data-source-options.js';
let DatabaseModule = class DatabaseModule {
};
DatabaseModule = __decorate([
    Global(),
    Module({
        imports: [
            TypeOrmModule.forRootAsync({
                inject: [APP_CONFIG],
                // Migrations run at start-up; with several replicas TypeORM's migration table lock keeps it to one.
                useFactory: (config) => ({
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
], DatabaseModule);
export { DatabaseModule };
