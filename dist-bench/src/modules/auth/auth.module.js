var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
import { Module } from '@nestjs/common';
import { AdminGuard } from './admin.guard.js';
import { ApiKeyRepository } from './api-key.repository.js';
import { AuthService } from './auth.service.js';
import { OrgKeyGuard } from './org-key.guard.js';
import { OrganizationRepository } from './organization.repository.js';
let AuthModule = class AuthModule {
};
AuthModule = __decorate([
    Module({
        providers: [AuthService, ApiKeyRepository, OrganizationRepository, OrgKeyGuard, AdminGuard],
        exports: [AuthService, ApiKeyRepository, OrganizationRepository, OrgKeyGuard, AdminGuard],
    })
], AuthModule);
export { AuthModule };
