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
import { AppError } from '../../common/errors/app-error.js';
import { ApiKeyRepository } from './api-key.repository.js';
import { safeEqual, sha256 } from './secrets.js';
let AuthService = class AuthService {
    keys;
    constructor(keys) {
        this.keys = keys;
    }
    /** An organization's live API key, or 401. Dashboard user tokens are not organization callers. */
    async organizationFor(token) {
        if (!token)
            throw AppError.unauthorized();
        const hash = sha256(token);
        const found = await this.keys.findActiveByHash(hash);
        // The lookup is by hash; the constant-time compare keeps the final check free of timing signals.
        if (!found || !safeEqual(found.key.keyHash, hash))
            throw AppError.unauthorized();
        return found.organization;
    }
};
AuthService = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [ApiKeyRepository])
], AuthService);
export { AuthService };
