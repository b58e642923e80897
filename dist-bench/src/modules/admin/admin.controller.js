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
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { validateDto } from '../../common/validation/validate-dto.js';
import { AdminGuard } from '../auth/admin.guard.js';
import { CreateOrganizationDto } from './dto/create-organization.dto.js';
import { CreateUserDto } from './dto/create-user.dto.js';
import { GrantCreditsDto } from './dto/grant-credits.dto.js';
import { UpdateOrganizationDto } from './dto/update-organization.dto.js';
import { UsageQueryDto } from './dto/usage-query.dto.js';
import { OrganizationReportsService } from './organization-reports.service.js';
import { OrganizationsService } from './organizations.service.js';
import { usageRange } from './usage-range.js';
/** decisions.md section 4: every route answers 401 without `Authorization: Bearer <ADMIN_TOKEN>`. */
let AdminController = class AdminController {
    organizations;
    reports;
    constructor(organizations, reports) {
        this.organizations = organizations;
        this.reports = reports;
    }
    createOrganization(body) {
        return this.organizations.createOrganization(validateDto(CreateOrganizationDto, body));
    }
    getOrganization(id) {
        return this.organizations.getOrganization(id);
    }
    updateOrganization(id, body) {
        return this.organizations.updateOrganization(id, validateDto(UpdateOrganizationDto, body));
    }
    createApiKey(id) {
        return this.organizations.createApiKey(id);
    }
    revokeApiKey(id) {
        return this.organizations.revokeApiKey(id);
    }
    grantCredits(id, body) {
        return this.organizations.grantCredits(id, validateDto(GrantCreditsDto, body));
    }
    ledger(id) {
        return this.reports.ledger(id);
    }
    usage(id, query) {
        return this.reports.days(id, usageRange(validateDto(UsageQueryDto, query ?? {})));
    }
    createUser(body) {
        return this.organizations.createUser(validateDto(CreateUserDto, body));
    }
};
__decorate([
    Post('organizations'),
    HttpCode(201),
    __param(0, Body()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", void 0)
], AdminController.prototype, "createOrganization", null);
__decorate([
    Get('organizations/:id'),
    __param(0, Param('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", void 0)
], AdminController.prototype, "getOrganization", null);
__decorate([
    Patch('organizations/:id'),
    __param(0, Param('id')),
    __param(1, Body()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, Object]),
    __metadata("design:returntype", void 0)
], AdminController.prototype, "updateOrganization", null);
__decorate([
    Post('organizations/:id/api-keys'),
    HttpCode(201),
    __param(0, Param('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", void 0)
], AdminController.prototype, "createApiKey", null);
__decorate([
    Delete('api-keys/:id'),
    HttpCode(204),
    __param(0, Param('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], AdminController.prototype, "revokeApiKey", null);
__decorate([
    Post('organizations/:id/credits'),
    HttpCode(201),
    __param(0, Param('id')),
    __param(1, Body()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, Object]),
    __metadata("design:returntype", void 0)
], AdminController.prototype, "grantCredits", null);
__decorate([
    Get('organizations/:id/ledger'),
    __param(0, Param('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", void 0)
], AdminController.prototype, "ledger", null);
__decorate([
    Get('organizations/:id/usage'),
    __param(0, Param('id')),
    __param(1, Query()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, Object]),
    __metadata("design:returntype", void 0)
], AdminController.prototype, "usage", null);
__decorate([
    Post('users'),
    HttpCode(201),
    __param(0, Body()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", void 0)
], AdminController.prototype, "createUser", null);
AdminController = __decorate([
    Controller('admin'),
    UseGuards(AdminGuard),
    __metadata("design:paramtypes", [OrganizationsService,
        OrganizationReportsService])
], AdminController);
export { AdminController };
