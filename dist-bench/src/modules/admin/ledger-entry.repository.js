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
import { LedgerEntry } from '../../infra/database/entities/index.js';
/** Read side of the ledger for the admin API; entries are written only by LedgerService. */
let LedgerEntryRepository = class LedgerEntryRepository {
    entries;
    constructor(entries) {
        this.entries = entries;
    }
    /** Newest first (ids grow with time). */
    listForOrganization(organizationId) {
        return this.entries.find({ where: { organizationId }, order: { id: 'DESC' } });
    }
};
LedgerEntryRepository = __decorate([
    Injectable(),
    __param(0, InjectRepository(LedgerEntry)),
    __metadata("design:paramtypes", [Repository])
], LedgerEntryRepository);
export { LedgerEntryRepository };
