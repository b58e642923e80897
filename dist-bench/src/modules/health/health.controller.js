var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { RedisHealthIndicator } from './redis.health.js';
import { BrowserHealthIndicator } from './browser.health.js';
let HealthController = class HealthController {
    health;
    database;
    redis;
    browser;
    constructor(health, database, redis, browser) {
        this.health = health;
        this.database = database;
        this.redis = redis;
        this.browser = browser;
    }
    live() {
        return { status: 'ok' };
    }
    ready() {
        return this.health.check([
            () => this.database.pingCheck('database', { timeout: 2000 }),
            () => this.redis.check('redis'),
            () => this.browser.check('browser'),
        ]);
    }
};
__decorate([
    Get('live'),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", void 0)
], HealthController.prototype, "live", null);
__decorate([
    Get('ready'),
    HealthCheck(),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", void 0)
], HealthController.prototype, "ready", null);
HealthController = __decorate([
    Controller('health'),
    __metadata("design:paramtypes", [HealthCheckService,
        TypeOrmHealthIndicator,
        RedisHealthIndicator,
        BrowserHealthIndicator])
], HealthController);
export { HealthController };
