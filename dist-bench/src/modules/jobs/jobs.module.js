var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module.js';
import { JobCollector } from './job-collector.service.js';
import { JobEventsService } from './job-events.service.js';
import { JobJanitor } from './job-janitor.service.js';
import { JobRunner } from './job-runner.service.js';
import { JobViewService } from './job-view.service.js';
import { JobWorker } from './job-worker.service.js';
import { JobRepository } from './job.repository.js';
import { MeteredPipeline } from './metered-pipeline.service.js';
import { OperationRegistry } from './operation-registry.js';
import { JobsController } from './jobs.controller.js';
let JobsModule = class JobsModule {
};
JobsModule = __decorate([
    Module({
        imports: [BillingModule],
        controllers: [JobsController],
        providers: [OperationRegistry, JobRepository, JobEventsService, JobViewService, MeteredPipeline, JobRunner, JobWorker, JobJanitor, JobCollector],
        exports: [OperationRegistry, MeteredPipeline, BillingModule],
    })
], JobsModule);
export { JobsModule };
