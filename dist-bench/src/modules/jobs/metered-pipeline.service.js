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
var MeteredPipeline_1;
import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import { InjectConfig } from '../../config/config.module.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { Job } from '../../infra/database/entities/index.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { ProxyPoolService } from '../../infra/proxy/proxy-pool.service.js';
import { JOBS_QUEUE } from '../../infra/queue/queue.constants.js';
import { LedgerService } from '../billing/ledger.service.js';
import { LimitsService } from '../billing/limits.service.js';
import { limitsFor } from '../billing/plan-limits.js';
import { JobEventsService } from './job-events.service.js';
import { newJobId } from './job-id.js';
import { JobViewService } from './job-view.service.js';
import { JobRepository } from './job.repository.js';
/**
 * The one metered pipeline: check, take a slot and a burst token, charge, enqueue, wait up to SYNC_WAIT_MS,
 * answer 200 / 202 / refunded 500. The slot is released by the worker when the job ends.
 */
let MeteredPipeline = MeteredPipeline_1 = class MeteredPipeline {
    config;
    policy;
    proxies;
    limits;
    ledger;
    jobs;
    views;
    events;
    queue;
    logger = new Logger(MeteredPipeline_1.name);
    constructor(config, policy, proxies, limits, ledger, jobs, views, events, queue) {
        this.config = config;
        this.policy = policy;
        this.proxies = proxies;
        this.limits = limits;
        this.ledger = ledger;
        this.jobs = jobs;
        this.views = views;
        this.events = events;
        this.queue = queue;
    }
    async serve(operation, options, organization) {
        const target = new URL(operation.target(options, this.config));
        await operation.precheck?.(options);
        await this.policy.assertTargetAllowed(target);
        const route = operation.route(options);
        if (route.city)
            this.proxies.validateCity(route.tier, route.country, route.city);
        await this.proxies.assertAvailable(route.tier);
        const limits = limitsFor(this.config.plans, organization);
        const jobId = newJobId(organization.publicId);
        await this.limits.takeBurstToken(organization.id, limits.burst);
        await this.limits.acquireSlot(organization.id, jobId, limits.concurrency);
        const host = target.hostname.toLowerCase();
        const price = operation.price(options);
        let job;
        let remaining;
        try {
            ({ balanceAfter: remaining } = await this.ledger.charge({
                organizationId: organization.id, requestKey: jobId, amount: price, reason: `${operation.kind} ${host}`, jobId, host,
                ...(operation.dailyLimited ? { dailyLimit: limits.dailyLimit } : {}),
            }));
            job = await this.jobs.insert(this.newJob(jobId, organization, operation, options, host, price));
            await this.enqueue(job, limits.priority, operation.dailyLimited);
        }
        catch (error) {
            await this.limits.releaseSlot(organization.id, jobId);
            throw error;
        }
        return this.awaitAnswer(operation, job, remaining);
    }
    async awaitAnswer(operation, job, charged) {
        const ended = await this.events.waitForEnd(job.id, this.config.syncWaitMs, async () => {
            const row = await this.jobs.getForOrganization(job.organizationId, job.id);
            return row?.status === 'done' || row?.status === 'failed';
        });
        const current = (await this.jobs.getForOrganization(job.organizationId, job.id)) ?? job;
        if (ended && current.status === 'failed') {
            // A service-side failure inside the synchronous wait is handed back.
            const { balanceAfter } = await this.ledger.refund({
                organizationId: job.organizationId, requestKey: job.id, amount: job.price, jobId: job.id, host: job.host,
                dailyLimited: operation.dailyLimited,
            });
            return this.views.answer(operation, current, { charged: 0, remaining: balanceAfter });
        }
        return this.views.answer(operation, current, { charged: job.price, remaining: charged });
    }
    newJob(id, organization, operation, options, host, price) {
        const now = new Date();
        return Object.assign(new Job(), {
            id, organizationId: organization.id, kind: operation.kind, status: 'queued', host, price, refunded: false,
            options: JSON.stringify(options), errorCode: null, errorMessage: null, createdAt: now, startedAt: null, finishedAt: null,
            expiresAt: new Date(now.getTime() + this.config.resultTtlHours * 3_600_000),
        });
    }
    async enqueue(job, priority, dailyLimited) {
        try {
            await this.queue.add({ jobId: job.id, kind: job.kind, organizationId: job.organizationId }, { jobId: job.id, priority });
        }
        catch (error) {
            this.logger.error({ err: error, jobId: job.id }, 'enqueue failed; refunding');
            await this.jobs.markFailed(job.organizationId, job.id, ErrorCode.QueueUnavailable, 'The job queue is unavailable.');
            await this.ledger.refund({ organizationId: job.organizationId, requestKey: job.id, amount: job.price, jobId: job.id, host: job.host, dailyLimited });
            throw new AppError(ErrorCode.QueueUnavailable, 'The job queue is unavailable; nothing was charged. Retry later.');
        }
    }
};
MeteredPipeline = MeteredPipeline_1 = __decorate([
    Injectable(),
    __param(0, InjectConfig()),
    __param(8, InjectQueue(JOBS_QUEUE)),
    __metadata("design:paramtypes", [Object, NetworkPolicy,
        ProxyPoolService,
        LimitsService,
        LedgerService,
        JobRepository,
        JobViewService,
        JobEventsService, Object])
], MeteredPipeline);
export { MeteredPipeline };
