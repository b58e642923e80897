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
import { HealthIndicatorService } from '@nestjs/terminus';
import { InjectRedis } from '../../infra/redis/redis.module.js';
let RedisHealthIndicator = class RedisHealthIndicator {
    redis;
    indicator;
    constructor(redis, indicator) {
        this.redis = redis;
        this.indicator = indicator;
    }
    async check(key) {
        const session = this.indicator.check(key);
        try {
            const pong = await Promise.race([this.redis.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
            return pong === 'PONG' ? session.up() : session.down({ message: `unexpected ${pong}` });
        }
        catch (error) {
            return session.down({ message: error.message });
        }
    }
};
RedisHealthIndicator = __decorate([
    Injectable(),
    __param(0, InjectRedis()),
    __metadata("design:paramtypes", [Function, HealthIndicatorService])
], RedisHealthIndicator);
export { RedisHealthIndicator };
