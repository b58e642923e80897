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
var JobWorker_1;
import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import { InjectConfig } from '../../config/config.module.js';
import { BrowserPool } from '../../infra/browser/browser-pool.js';
import { JOBS_QUEUE } from '../../infra/queue/queue.constants.js';
import { JobEventsService } from './job-events.service.js';
import { JobRunner } from './job-runner.service.js';
const DRAIN_MS = 60_000;
/** In worker processes only: takes BROWSER_CONCURRENCY jobs at once from Bull and hands them to the runner. */
let JobWorker = JobWorker_1 = class JobWorker {
    config;
    queue;
    runner;
    browser;
    events;
    logger = new Logger(JobWorker_1.name);
    constructor(config, queue, runner, browser, events) {
        this.config = config;
        this.queue = queue;
        this.runner = runner;
        this.browser = browser;
        this.events = events;
    }
    onApplicationBootstrap() {
        if (!this.config.runsWorker)
            return;
        this.events.onDebugRequest((jobId) => this.browser.captureDebug(jobId));
        void this.queue.process(this.config.browser.concurrency, (job) => this.runner.run(job.data));
        // Bull fails a job whose worker died (stalled, maxStalledCount 0); the job row must follow.
        this.queue.on('failed', (job, error) => {
            void this.runner.abandon(job.data, 'The worker running this job stopped.').catch((cause) => this.logger.error({ err: cause }, 'abandon failed'));
            this.logger.warn({ jobId: job.data.jobId, reason: error.message }, 'job lost by its worker');
        });
        this.logger.log(`worker taking ${this.config.browser.concurrency} jobs at once`);
    }
    /** SIGTERM: stop taking jobs and let running ones finish, within a bound. */
    async onApplicationShutdown() {
        if (!this.config.runsWorker) {
            await this.queue.close().catch(() => undefined);
            return;
        }
        const closed = this.queue.close();
        const bounded = new Promise((resolve) => setTimeout(resolve, DRAIN_MS).unref());
        await Promise.race([closed, bounded]).catch((error) => this.logger.warn(`queue close: ${error.message}`));
    }
};
JobWorker = JobWorker_1 = __decorate([
    Injectable(),
    __param(0, InjectConfig()),
    __param(1, InjectQueue(JOBS_QUEUE)),
    __metadata("design:paramtypes", [Object, Object, JobRunner,
        BrowserPool,
        JobEventsService])
], JobWorker);
export { JobWorker };
