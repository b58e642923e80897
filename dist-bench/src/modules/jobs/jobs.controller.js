var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
import { Controller, Get, Param, Res, UseGuards } from '@nestjs/common';
import { CurrentOrganization, OrgKeyGuard } from '../auth/org-key.guard.js';
import { sendAnswer } from './answer.js';
import { JobCollector } from './job-collector.service.js';
let JobsController = class JobsController {
    collector;
    constructor(collector) {
        this.collector = collector;
    }
    /** Free, header-authenticated only (no @AllowQueryKey), never rate-limited. */
    async collect(jobId, organization, reply) {
        return sendAnswer(reply, await this.collector.collect(organization, jobId));
    }
};
__decorate([
    Get(':job'),
    __param(0, Param('job')),
    __param(1, CurrentOrganization()),
    __param(2, Res()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, Function, Object]),
    __metadata("design:returntype", Promise)
], JobsController.prototype, "collect", null);
JobsController = __decorate([
    Controller('crawl'),
    UseGuards(OrgKeyGuard),
    __metadata("design:paramtypes", [JobCollector])
], JobsController);
export { JobsController };
