var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { JobViewService } from './job-view.service.js';
import { JobRepository } from './job.repository.js';
import { OperationRegistry } from './operation-registry.js';
const JOB_ID = /^[A-Za-z0-9]{1,16}_[A-Za-z0-9]{1,40}$/;
/** GET /crawl/{job}: an unknown id and another organization's id are the same 404. */
let JobCollector = class JobCollector {
    jobs;
    views;
    registry;
    constructor(jobs, views, registry) {
        this.jobs = jobs;
        this.views = views;
        this.registry = registry;
    }
    async collect(organization, jobId) {
        const job = JOB_ID.test(jobId) ? await this.jobs.getForOrganization(organization.id, jobId) : null;
        if (!job)
            throw AppError.notFound();
        return this.views.answer(this.registry.get(job.kind), job, null);
    }
};
JobCollector = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [JobRepository,
        JobViewService,
        OperationRegistry])
], JobCollector);
export { JobCollector };
