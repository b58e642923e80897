var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { BrowserPool } from '../../infra/browser/browser-pool.js';
/** Ready only when this process's browser answers; an API-only process has no browser and skips the check. */
let BrowserHealthIndicator = class BrowserHealthIndicator {
    pool;
    indicator;
    constructor(pool, indicator) {
        this.pool = pool;
        this.indicator = indicator;
    }
    async check(key) {
        const session = this.indicator.check(key);
        if (!this.pool.enabled)
            return session.up({ role: 'api' });
        return (await this.pool.isHealthy()) ? session.up() : session.down({ message: 'browser not connected' });
    }
};
BrowserHealthIndicator = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [BrowserPool,
        HealthIndicatorService])
], BrowserHealthIndicator);
export { BrowserHealthIndicator };
