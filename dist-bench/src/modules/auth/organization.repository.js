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
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Organization } from '../../infra/database/entities/index.js';
let OrganizationRepository = class OrganizationRepository {
    organizations;
    constructor(organizations) {
        this.organizations = organizations;
    }
    getById(id) {
        return this.organizations.findOneBy({ id });
    }
    getByPublicId(publicId) {
        return this.organizations.findOneBy({ publicId });
    }
    save(organization) {
        return this.organizations.save(organization);
    }
    update(id, changes) {
        return this.organizations.update({ id }, changes);
    }
    listByPlan(plan) {
        return this.organizations.findBy({ plan });
    }
};
OrganizationRepository = __decorate([
    Injectable(),
    __param(0, InjectRepository(Organization)),
    __metadata("design:paramtypes", [Repository])
], OrganizationRepository);
export { OrganizationRepository };
