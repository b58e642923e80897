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
import { IsNull, Repository } from 'typeorm';
import { ApiKey, Organization, User } from '../../infra/database/entities/index.js';
let ApiKeyRepository = class ApiKeyRepository {
    keys;
    users;
    organizations;
    constructor(keys, users, organizations) {
        this.keys = keys;
        this.users = users;
        this.organizations = organizations;
    }
    /** The live key with this hash and its organization, in one query. */
    async findActiveByHash(keyHash) {
        const key = await this.keys.findOneBy({ keyHash, revokedAt: IsNull() });
        if (!key)
            return null;
        const organization = await this.organizations.findOneBy({ id: key.organizationId });
        return organization ? { key, organization } : null;
    }
    insert(key) {
        return this.keys.save(key);
    }
    /** Any key, live or revoked (admin revocation answers 404 only for ids that never existed). */
    getById(id) {
        return this.keys.findOneBy({ id });
    }
    async revoke(id) {
        const result = await this.keys.update({ id, revokedAt: IsNull() }, { revokedAt: new Date() });
        return (result.affected ?? 0) > 0;
    }
    insertUser(user) {
        return this.users.save(user);
    }
    findUserByTokenHash(tokenHash) {
        return this.users.findOneBy({ tokenHash });
    }
};
ApiKeyRepository = __decorate([
    Injectable(),
    __param(0, InjectRepository(ApiKey)),
    __param(1, InjectRepository(User)),
    __param(2, InjectRepository(Organization)),
    __metadata("design:paramtypes", [Repository,
        Repository,
        Repository])
], ApiKeyRepository);
export { ApiKeyRepository };
