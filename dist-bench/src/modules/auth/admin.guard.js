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
import { InjectConfig } from '../../config/config.module.js';
import { AppError } from '../../common/errors/app-error.js';
import { bearerToken } from './org-key.guard.js';
import { safeEqual } from './secrets.js';
/** The admin API: `Authorization: Bearer <ADMIN_TOKEN>`; switched off (401) when ADMIN_TOKEN is unset. */
let AdminGuard = class AdminGuard {
    config;
    constructor(config) {
        this.config = config;
    }
    canActivate(context) {
        const token = bearerToken(context.switchToHttp().getRequest());
        if (!this.config.adminToken || !token || !safeEqual(token, this.config.adminToken)) {
            throw AppError.unauthorized('A valid admin token is required.');
        }
        return true;
    }
};
AdminGuard = __decorate([
    Injectable(),
    __param(0, InjectConfig()),
    __metadata("design:paramtypes", [Object])
], AdminGuard);
export { AdminGuard };
