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
import { UsageRepository } from '../billing/usage.repository.js';
import { LedgerEntryRepository } from './ledger-entry.repository.js';
import { ledgerEntryView, usageDayView } from './organization.view.js';
import { OrganizationsService } from './organizations.service.js';
/** Read-only views of an organization's money and traffic for the admin API. */
let OrganizationReportsService = class OrganizationReportsService {
    organizations;
    entries;
    usage;
    constructor(organizations, entries, usage) {
        this.organizations = organizations;
        this.entries = entries;
        this.usage = usage;
    }
    /** Every entry, newest first. */
    async ledger(organizationId) {
        await this.organizations.requireOrganization(organizationId);
        const entries = await this.entries.listForOrganization(organizationId);
        return { entries: entries.map(ledgerEntryView) };
    }
    /** One row per UTC day and host with traffic, oldest day first, both ends of the range included. */
    async days(organizationId, range) {
        await this.organizations.requireOrganization(organizationId);
        const days = await this.usage.days(organizationId, range.from, range.to);
        return { days: days.map(usageDayView) };
    }
};
OrganizationReportsService = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [OrganizationsService,
        LedgerEntryRepository,
        UsageRepository])
], OrganizationReportsService);
export { OrganizationReportsService };
