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
import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { JOBS_QUEUE } from '../../infra/queue/queue.constants.js';
import { JobEventsService } from './job-events.service.js';
import { JobRepository } from './job.repository.js';
const DEBUG_WAIT_MS = 3000;
/** Turns a job row (and its result, position or live capture) into the answer of its operation. */
let JobViewService = class JobViewService {
    jobs;
    events;
    queue;
    constructor(jobs, events, queue) {
        this.jobs = jobs;
        this.events = events;
        this.queue = queue;
    }
    async answer(operation, job, billing) {
        const options = JSON.parse(job.options);
        const collected = billing === null;
        const headers = billing
            ? { 'X-Credits-Charged': String(billing.charged), 'X-Credits-Remaining': String(billing.remaining), 'X-Job-Id': job.id }
            : { 'X-Job-Id': job.id };
        const base = { job, options, billing, collected };
        if (job.status === 'done') {
            const output = await this.jobs.output(job);
            if (output?.type === 'page') {
                return { status: 200, headers: { ...headers, 'X-Target-Status': String(output.targetStatus), 'X-Final-Url': output.finalUrl }, html: output.html };
            }
            return { status: 200, headers, json: operation.envelope({ ...base, output, error: null, position: null, debug: null }) };
        }
        if (job.status === 'failed') {
            const error = { code: job.errorCode ?? 'internal_error', message: job.errorMessage ?? 'The job failed.' };
            return { status: 500, headers: { ...headers, 'X-Error-Code': error.code }, json: operation.envelope({ ...base, output: null, error, position: null, debug: null }) };
        }
        const position = job.status === 'queued' ? await this.position(job.id) : null;
        const debug = job.status === 'running' ? await this.events.requestDebug(job.id, DEBUG_WAIT_MS) : null;
        return { status: 202, headers, json: operation.envelope({ ...base, output: null, error: null, position, debug }) };
    }
    /** 1-based place in Bull's wait list (workers take from its tail); null when the job is no longer waiting. */
    async position(jobId) {
        const waitKey = this.queue.toKey('wait');
        const waiting = await this.queue.client.lrange(waitKey, 0, -1);
        const index = waiting.indexOf(jobId);
        return index < 0 ? 1 : waiting.length - index;
    }
};
JobViewService = __decorate([
    Injectable(),
    __param(2, InjectQueue(JOBS_QUEUE)),
    __metadata("design:paramtypes", [JobRepository,
        JobEventsService, Object])
], JobViewService);
export { JobViewService };
