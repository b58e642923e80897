var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Module } from '@nestjs/common';
import { LlmModule } from '../../infra/llm/llm.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { OperationRegistry } from '../jobs/operation-registry.js';
import { CrawlController } from './crawl.controller.js';
import { CrawlOperation } from './crawl.operation.js';
let CrawlModule = class CrawlModule {
    registry;
    operation;
    constructor(registry, operation) {
        this.registry = registry;
        this.operation = operation;
    }
    onModuleInit() {
        this.registry.register(this.operation);
    }
};
CrawlModule = __decorate([
    Module({
        imports: [JobsModule, LlmModule],
        controllers: [CrawlController],
        providers: [CrawlOperation],
    }),
    __metadata("design:paramtypes", [OperationRegistry,
        CrawlOperation])
], CrawlModule);
export { CrawlModule };
