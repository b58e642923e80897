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
import { Between, Repository } from 'typeorm';
import { DailyQuota, UsageTally } from '../../infra/database/entities/index.js';
import { SqlProgramRunner, upsertAdd } from '../../infra/database/sql-program.js';
import { utcDay } from './utc-day.js';
/** Per organization, host and UTC day. Every query takes the organization first. */
let UsageRepository = class UsageRepository {
    sql;
    tallies;
    quotas;
    constructor(sql, tallies, quotas) {
        this.sql = sql;
        this.tallies = tallies;
        this.quotas = quotas;
    }
    /** A request reached the crawler (attempt); a billed success is also a crawl. */
    recordOutcome(organizationId, host, succeeded) {
        const step = upsertAdd(this.sql.dialect, 'usage_tally', { organization_id: organizationId, day: utcDay(), host }, { attempts: 1, crawls: succeeded ? 1 : 0 });
        return this.sql.run(function* () {
            yield step;
        });
    }
    async days(organizationId, from, to) {
        const rows = await this.tallies.find({
            where: { organizationId, day: Between(from, to) },
            order: { day: 'ASC', host: 'ASC' },
        });
        return rows.map((row) => ({ date: row.day, host: row.host, requests: row.requests, attempts: row.attempts, crawls: row.crawls, credits: row.credits }));
    }
    /** Charged requests and net credits summed over both days and every day between, for GET /account. */
    async totals(organizationId, from, to) {
        const where = { organizationId, day: Between(from, to) };
        const [requests, credits] = await Promise.all([this.tallies.sum('requests', where), this.tallies.sum('credits', where)]);
        return { requests: Number(requests ?? 0), credits: Number(credits ?? 0) };
    }
    async dailyUsed(organizationId, day = utcDay()) {
        const row = await this.quotas.findOneBy({ organizationId, day });
        return row?.used ?? 0;
    }
};
UsageRepository = __decorate([
    Injectable(),
    __param(1, InjectRepository(UsageTally)),
    __param(2, InjectRepository(DailyQuota)),
    __metadata("design:paramtypes", [SqlProgramRunner,
        Repository,
        Repository])
], UsageRepository);
export { UsageRepository };
