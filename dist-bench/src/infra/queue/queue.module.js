var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
import { BullModule } from '@nestjs/bull';
import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import { JOBS_QUEUE } from './queue.constants.js';
let QueueModule = class QueueModule {
};
QueueModule = __decorate([
    Global(),
    Module({
        imports: [
            BullModule.forRootAsync({
                inject: [APP_CONFIG],
                useFactory: (config) => ({
                    redis: config.redisUrl,
                    prefix: 'crawlgate',
                    settings: {
                        // Browser jobs hold the event loop busy at times: a long lock, renewed often, and a dead worker's job is
                        // noticed by the stalled check and failed (maxStalledCount 0) instead of running twice.
                        lockDuration: 60000,
                        lockRenewTime: 15000,
                        stalledInterval: 30000,
                        maxStalledCount: 0,
                    },
                    defaultJobOptions: { attempts: 1, removeOnComplete: true, removeOnFail: true },
                }),
            }),
            BullModule.registerQueue({ name: JOBS_QUEUE }),
        ],
        exports: [BullModule],
    })
], QueueModule);
export { QueueModule };
