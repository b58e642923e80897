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
import { Injectable } from '@nestjs/common';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
/** A slot is a lease: a member of the organization's sorted set scored by its expiry, so a dead holder frees it. */
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;
export const LEASE_MS = 60_000;
/** Concurrency slots and burst tokens, in Redis so every API replica counts the same. */
let LimitsService = class LimitsService {
    redis;
    bursts = new Map();
    constructor(redis) {
        this.redis = redis;
    }
    slotKey(organizationId) {
        return `crawlgate:slots:${organizationId}`;
    }
    async acquireSlot(organizationId, holder, limit, leaseMs = LEASE_MS) {
        const now = Date.now();
        const taken = await this.redis.eval(ACQUIRE, 1, this.slotKey(organizationId), now, now + leaseMs, limit, holder, leaseMs * 2);
        if (Number(taken) !== 1) {
            throw new AppError(ErrorCode.ConcurrencyExceeded, `The plan allows ${limit} concurrent requests; back off and retry.`, { retryAfterSeconds: 1 });
        }
    }
    /** Extends a running job's lease; called while the job runs. */
    async renewSlot(organizationId, holder, leaseMs = LEASE_MS) {
        await this.redis.zadd(this.slotKey(organizationId), 'XX', Date.now() + leaseMs, holder);
    }
    async releaseSlot(organizationId, holder) {
        await this.redis.zrem(this.slotKey(organizationId), holder);
    }
    async slotsInUse(organizationId) {
        return this.redis.zcount(this.slotKey(organizationId), Date.now(), '+inf');
    }
    async takeBurstToken(organizationId, perSecond) {
        try {
            await this.burstLimiter(perSecond).consume(organizationId, 1);
        }
        catch (error) {
            if (!(error instanceof RateLimiterRes))
                throw error;
            throw new AppError(ErrorCode.BurstExceeded, `The plan allows ${perSecond} requests per second; back off and retry.`, {
                retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
            });
        }
    }
    burstLimiter(points) {
        let limiter = this.bursts.get(points);
        if (!limiter) {
            limiter = new RateLimiterRedis({ storeClient: this.redis, keyPrefix: `crawlgate:burst:${points}`, points, duration: 1 });
            this.bursts.set(points, limiter);
        }
        return limiter;
    }
};
LimitsService = __decorate([
    Injectable(),
    __param(0, InjectRedis()),
    __metadata("design:paramtypes", [Function])
], LimitsService);
export { LimitsService };
