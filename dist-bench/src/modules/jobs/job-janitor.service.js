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
var JobJanitor_1;
import { Injectable, Logger } from '@nestjs/common';
import { InjectConfig } from '../../config/config.module.js';
import { JobRepository } from './job.repository.js';
import { JobRunner } from './job-runner.service.js';
const EVERY_MS = 60_000;
/** Fails jobs stuck `running` past every time limit (their worker vanished) and deletes expired results. */
let JobJanitor = JobJanitor_1 = class JobJanitor {
    config;
    jobs;
    runner;
    logger = new Logger(JobJanitor_1.name);
    timer;
    constructor(config, jobs, runner) {
        this.config = config;
        this.jobs = jobs;
        this.runner = runner;
    }
    onApplicationBootstrap() {
        if (!this.config.runsApi)
            return;
        this.timer = setInterval(() => void this.sweep(), EVERY_MS);
        this.timer.unref();
    }
    onApplicationShutdown() {
        clearInterval(this.timer);
    }
    async sweep(now = new Date()) {
        try {
            const limit = Math.max(this.config.jobTimeoutMs, this.config.chatTimeoutMs) + 2 * EVERY_MS;
            for (const job of await this.jobs.listStuck(new Date(now.getTime() - limit))) {
                await this.runner.abandon({ jobId: job.id, kind: job.kind, organizationId: job.organizationId }, 'The job outlived every time limit.');
            }
            const removed = await this.jobs.deleteExpired(now);
            if (removed > 0)
                this.logger.log(`removed ${removed} expired job results`);
        }
        catch (error) {
            this.logger.error({ err: error }, 'janitor sweep failed');
        }
    }
};
JobJanitor = JobJanitor_1 = __decorate([
    Injectable(),
    __param(0, InjectConfig()),
    __metadata("design:paramtypes", [Object, JobRepository,
        JobRunner])
], JobJanitor);
export { JobJanitor };
