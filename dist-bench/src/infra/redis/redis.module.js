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
import { Global, Inject, Module } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG } from '../../config/config.module.js';
export const REDIS = Symbol('REDIS');
export const InjectRedis = () => Inject(REDIS);
/** One shared ioredis client for limits, debug captures and health; Bull keeps its own connections. */
let RedisModule = class RedisModule {
    redis;
    constructor(redis) {
        this.redis = redis;
    }
    async onApplicationShutdown() {
        await this.redis.quit().catch(() => this.redis.disconnect());
    }
};
RedisModule = __decorate([
    Global(),
    Module({
        providers: [
            {
                provide: REDIS,
                inject: [APP_CONFIG],
                useFactory: (config) => new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }),
            },
        ],
        exports: [REDIS],
    }),
    __param(0, Inject(REDIS)),
    __metadata("design:paramtypes", [Redis])
], RedisModule);
export { RedisModule };
