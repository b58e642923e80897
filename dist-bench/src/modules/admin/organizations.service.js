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
import { AppError } from '../../common/errors/app-error.js';
import { InjectConfig } from '../../config/config.module.js';
import { ApiKey, Organization, User } from '../../infra/database/entities/index.js';
import { ApiKeyRepository } from '../auth/api-key.repository.js';
import { OrganizationRepository } from '../auth/organization.repository.js';
import { newApiKey, newUserToken, randomId, sha256 } from '../auth/secrets.js';
import { LedgerService } from '../billing/ledger.service.js';
import { organizationChanges } from './organization-changes.js';
import { organizationView } from './organization.view.js';
const KEY_PREFIX_LENGTH = 10;
const PUBLIC_ID_ATTEMPTS = 5;
/** Organizations, their keys, credits and users: the rules behind the admin API and the CLI. */
let OrganizationsService = class OrganizationsService {
    config;
    organizations;
    keys;
    ledger;
    constructor(config, organizations, keys, ledger) {
        this.config = config;
        this.organizations = organizations;
        this.keys = keys;
        this.ledger = ledger;
    }
    /** The initial credits go through the ledger like any grant, so the ledger sum equals the balance from the start. */
    async createOrganization(input) {
        const plan = input.plan ?? 'free';
        const organization = await this.organizations.save(Object.assign(new Organization(), {
            id: randomId(24),
            publicId: await this.unusedPublicId(),
            name: input.name,
            plan,
            balance: 0,
            concurrencyOverride: null,
            dailyLimitOverride: null,
        }));
        const credits = input.credits ?? this.defaultCredits(plan);
        // A zero grant would change no balance, so it writes no entry.
        const balance = credits > 0 ? (await this.ledger.grant(organization.id, credits, 'initial credits', 'grant', `initial:${organization.id}`)).balanceAfter : 0;
        const key = await this.issueApiKey(organization.id);
        return { id: organization.id, name: organization.name, plan, credits_remaining: balance, api_key: key.api_key, api_key_id: key.id };
    }
    async getOrganization(id) {
        return organizationView(this.config.plans, await this.requireOrganization(id));
    }
    async updateOrganization(id, patch) {
        await this.requireOrganization(id);
        const changes = organizationChanges(patch);
        if (Object.keys(changes).length > 0)
            await this.organizations.update(id, changes);
        return this.getOrganization(id);
    }
    /** The key is shown once here; only its hash and a short prefix are stored. */
    async createApiKey(organizationId) {
        await this.requireOrganization(organizationId);
        return this.issueApiKey(organizationId);
    }
    /** Revoking an already revoked key is a success: the key is dead either way. */
    async revokeApiKey(id) {
        if (!(await this.keys.getById(id)))
            throw AppError.notFound('No such API key.');
        await this.keys.revoke(id);
    }
    async grantCredits(organizationId, grant) {
        await this.requireOrganization(organizationId);
        const move = await this.ledger.grant(organizationId, grant.amount, grant.reason, 'grant');
        return { entry_id: move.entryId, credits_remaining: move.balanceAfter };
    }
    /** A dashboard user's token: stored hashed, and never an organization caller (OrgKeyGuard only knows API keys). */
    async createUser(input) {
        await this.requireOrganization(input.organization_id);
        const token = newUserToken();
        const user = await this.keys.insertUser(Object.assign(new User(), { id: randomId(24), email: input.email, organizationId: input.organization_id, tokenHash: sha256(token) }));
        return { id: user.id, token };
    }
    async requireOrganization(id) {
        const organization = await this.organizations.getById(id);
        if (!organization)
            throw AppError.notFound('No such organization.');
        return organization;
    }
    defaultCredits(plan) {
        return plan === 'free' ? this.config.freeMonthlyCredits : 0;
    }
    async issueApiKey(organizationId) {
        const apiKey = newApiKey();
        const key = await this.keys.insert(Object.assign(new ApiKey(), { id: randomId(24), organizationId, prefix: apiKey.slice(0, KEY_PREFIX_LENGTH), keyHash: sha256(apiKey), revokedAt: null }));
        return { id: key.id, api_key: apiKey };
    }
    /** Job ids start with it, so it stays short and lower-case; a clash is checked rather than assumed away. */
    async unusedPublicId() {
        for (let attempt = 0; attempt < PUBLIC_ID_ATTEMPTS; attempt += 1) {
            const candidate = randomId(8).toLowerCase();
            if (!(await this.organizations.getByPublicId(candidate)))
                return candidate;
        }
        throw new Error('no unused public id found');
    }
};
OrganizationsService = __decorate([
    Injectable(),
    __param(0, InjectConfig()),
    __metadata("design:paramtypes", [Object, OrganizationRepository,
        ApiKeyRepository,
        LedgerService])
], OrganizationsService);
export { OrganizationsService };
