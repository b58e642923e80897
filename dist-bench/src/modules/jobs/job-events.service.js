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
var JobEventsService_1;
import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRedis } from '../../infra/redis/redis.module.js';
const ENDED = 'crawlgate:events:job-ended';
const DEBUG_ASK = 'crawlgate:events:debug-ask';
const DEBUG_ANSWER = 'crawlgate:events:debug-answer';
/**
 * Cross-process signals over Redis pub/sub: "job ended" (wakes the API request waiting for it) and live debug
 * captures (the API asks, the worker that holds the job's page answers). One subscriber connection per process.
 */
let JobEventsService = JobEventsService_1 = class JobEventsService {
    redis;
    logger = new Logger(JobEventsService_1.name);
    endWaiters = new Map();
    debugWaiters = new Map();
    debugHandler;
    subscriber;
    constructor(redis) {
        this.redis = redis;
    }
    async onModuleInit() {
        this.subscriber = this.redis.duplicate();
        this.subscriber.on('message', (channel, message) => this.dispatch(channel, message));
        await this.subscriber.subscribe(ENDED, DEBUG_ASK, DEBUG_ANSWER);
    }
    async onApplicationShutdown() {
        await this.subscriber?.quit().catch(() => this.subscriber.disconnect());
    }
    async announceEnd(jobId) {
        await this.redis.publish(ENDED, jobId);
    }
    /** Resolves true when the job ends within `ms`; `isEnded` is checked after subscribing so no end is missed. */
    async waitForEnd(jobId, ms, isEnded) {
        let wake;
        const ended = new Promise((resolve) => (wake = resolve));
        const waiters = this.endWaiters.get(jobId) ?? new Set();
        waiters.add(wake);
        this.endWaiters.set(jobId, waiters);
        let timer;
        try {
            if (await isEnded())
                return true;
            const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve(false), ms)));
            return await Promise.race([ended.then(() => true), timeout]);
        }
        finally {
            clearTimeout(timer);
            waiters.delete(wake);
            if (waiters.size === 0)
                this.endWaiters.delete(jobId);
        }
    }
    /** Workers: answer debug requests for the jobs whose pages they hold. */
    onDebugRequest(handler) {
        this.debugHandler = handler;
    }
    async requestDebug(jobId, ms) {
        const nonce = randomUUID();
        const answer = new Promise((resolve) => this.debugWaiters.set(nonce, resolve));
        let timer;
        try {
            await this.redis.publish(DEBUG_ASK, JSON.stringify({ jobId, nonce }));
            return await Promise.race([answer, new Promise((resolve) => (timer = setTimeout(() => resolve(null), ms)))]);
        }
        finally {
            clearTimeout(timer);
            this.debugWaiters.delete(nonce);
        }
    }
    dispatch(channel, message) {
        if (channel === ENDED) {
            for (const wake of this.endWaiters.get(message) ?? [])
                wake();
        }
        else if (channel === DEBUG_ASK) {
            void this.answerDebug(message);
        }
        else if (channel === DEBUG_ANSWER) {
            const { nonce, capture } = JSON.parse(message);
            this.debugWaiters.get(nonce)?.(capture);
        }
    }
    async answerDebug(message) {
        if (!this.debugHandler)
            return;
        const { jobId, nonce } = JSON.parse(message);
        try {
            const capture = await this.debugHandler(jobId);
            // Only the worker holding the page answers; the others stay silent.
            if (capture)
                await this.redis.publish(DEBUG_ANSWER, JSON.stringify({ nonce, capture }));
        }
        catch (error) {
            this.logger.warn(`debug capture of ${jobId} failed: ${error.message}`);
        }
    }
};
JobEventsService = JobEventsService_1 = __decorate([
    Injectable(),
    __param(0, InjectRedis()),
    __metadata("design:paramtypes", [Function])
], JobEventsService);
export { JobEventsService };
