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
var JobRunner_1;
import { Injectable, Logger } from '@nestjs/common';
import { InjectConfig } from '../../config/config.module.js';
import { AppError, isAppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { BrowserPool } from '../../infra/browser/browser-pool.js';
import { ProxyPoolService } from '../../infra/proxy/proxy-pool.service.js';
import { LimitsService } from '../billing/limits.service.js';
import { UsageRepository } from '../billing/usage.repository.js';
import { JobEventsService } from './job-events.service.js';
import { JobRepository } from './job.repository.js';
import { OperationRegistry } from './operation-registry.js';
const RENEW_EVERY_MS = 20_000;
/** Worth another proxy of the pool: the target may be reachable from elsewhere, or the proxy was the problem. */
const RETRY_ON = new Set([ErrorCode.TargetUnreachable, ErrorCode.ProxyFailed]);
/** Worker side of a job: run its operation in the browser, store the outcome, tally it, free the slot. */
let JobRunner = JobRunner_1 = class JobRunner {
    config;
    registry;
    jobs;
    browser;
    proxies;
    limits;
    usage;
    events;
    logger = new Logger(JobRunner_1.name);
    constructor(config, registry, jobs, browser, proxies, limits, usage, events) {
        this.config = config;
        this.registry = registry;
        this.jobs = jobs;
        this.browser = browser;
        this.proxies = proxies;
        this.limits = limits;
        this.usage = usage;
        this.events = events;
    }
    async run(payload) {
        const job = await this.jobs.getForOrganization(payload.organizationId, payload.jobId);
        if (!job || !(await this.jobs.markRunning(job.organizationId, job.id)))
            return;
        const renew = setInterval(() => void this.limits.renewSlot(job.organizationId, job.id).catch(() => undefined), RENEW_EVERY_MS);
        const started = Date.now();
        try {
            const output = await this.execute(job);
            await this.jobs.complete(job.organizationId, job.id, output);
            await this.usage.recordOutcome(job.organizationId, job.host, true);
            this.logger.log({ jobId: job.id, kind: job.kind, ms: Date.now() - started }, 'job done');
        }
        catch (error) {
            const failure = toFailure(error);
            if (failure.code === ErrorCode.InternalError)
                this.logger.error({ err: error, jobId: job.id }, 'job crashed');
            else
                this.logger.warn({ jobId: job.id, kind: job.kind, code: failure.code, ms: Date.now() - started }, failure.message);
            await this.jobs.markFailed(job.organizationId, job.id, failure.code, failure.message);
            await this.usage.recordOutcome(job.organizationId, job.host, false);
        }
        finally {
            clearInterval(renew);
            await this.limits.releaseSlot(job.organizationId, job.id);
            await this.events.announceEnd(job.id);
        }
    }
    /** A job lost with its worker (stalled): fail it, count the attempt, free its slot. */
    async abandon(payload, reason) {
        if (await this.jobs.markFailed(payload.organizationId, payload.jobId, ErrorCode.BrowserCrashed, reason)) {
            const job = await this.jobs.getForOrganization(payload.organizationId, payload.jobId);
            if (job)
                await this.usage.recordOutcome(job.organizationId, job.host, false);
        }
        await this.limits.releaseSlot(payload.organizationId, payload.jobId);
        await this.events.announceEnd(payload.jobId);
    }
    async execute(job) {
        const operation = this.registry.get(job.kind);
        const options = JSON.parse(job.options);
        const deadline = Date.now() + operation.timeoutMs(this.config);
        const request = operation.route(options);
        const target = { country: request.country, city: request.city };
        const first = await this.proxies.select(request.tier, target);
        try {
            return await this.attempt(operation, options, job, first, deadline);
        }
        catch (error) {
            if (!isAppError(error) || !RETRY_ON.has(error.code) || Date.now() > deadline - 1000)
                throw error;
            if (error.code === ErrorCode.ProxyFailed)
                await this.proxies.markFailed(first);
            const second = await this.proxies.select(request.tier, target, [first.id]).catch(() => null);
            if (!second)
                throw error;
            return this.attempt(operation, options, job, second, deadline);
        }
    }
    attempt(operation, options, job, route, deadline) {
        const context = {
            jobId: job.id,
            route,
            deadline,
            config: this.config,
            withPage: (pageOptions, fn) => this.browser.withPage({ jobId: job.id, route, options: pageOptions, deadline }, fn),
        };
        return withDeadline(operation.run(context, options), deadline + 5_000);
    }
};
JobRunner = JobRunner_1 = __decorate([
    Injectable(),
    __param(0, InjectConfig()),
    __metadata("design:paramtypes", [Object, OperationRegistry,
        JobRepository,
        BrowserPool,
        ProxyPoolService,
        LimitsService,
        UsageRepository,
        JobEventsService])
], JobRunner);
export { JobRunner };
function toFailure(error) {
    if (isAppError(error))
        return { code: error.code, message: error.message };
    return { code: ErrorCode.InternalError, message: 'The job failed on our side.' };
}
/** The browser enforces the deadline on its pages; this is the last guard should an operation hang elsewhere. */
function withDeadline(work, at) {
    let timer;
    const late = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new AppError(ErrorCode.NavigationTimeout, 'The job ran past its time limit.')), Math.max(0, at - Date.now()));
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
