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
import { Controller, Get, UseGuards } from '@nestjs/common';
import { CurrentOrganization, OrgKeyGuard } from '../auth/org-key.guard.js';
import { AccountService } from './account.service.js';
let AccountController = class AccountController {
    account;
    constructor(account) {
        this.account = account;
    }
    /** Header only: no @AllowQueryKey, so a `key` query parameter never authenticates here. */
    describe(organization) {
        return this.account.describe(organization);
    }
};
__decorate([
    Get(),
    __param(0, CurrentOrganization()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Function]),
    __metadata("design:returntype", void 0)
], AccountController.prototype, "describe", null);
AccountController = __decorate([
    Controller('account'),
    UseGuards(OrgKeyGuard),
    __metadata("design:paramtypes", [AccountService])
], AccountController);
export { AccountController };
