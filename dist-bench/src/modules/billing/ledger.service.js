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
import { ErrorCode } from '../../common/errors/error-code.js';
import { batch, exec, finalBatch, query, SqlProgramRunner, upsertAdd } from '../../infra/database/sql-program.js';
import { utcDay } from './utc-day.js';
class Rollback extends Error {
    appError;
    constructor(appError) {
        super(appError.message);
        this.appError = appError;
    }
}
/**
 * Credits move only here: one transaction writes the ledger entry and the balance together.
 * (request_key, kind) is unique, so a charge and its refund each happen at most once.
 */
let LedgerService = class LedgerService {
    sql;
    constructor(sql) {
        this.sql = sql;
    }
    async charge(request) {
        try {
            return await this.sql.run(() => this.chargeProgram(request, utcDay()));
        }
        catch (error) {
            if (error instanceof Rollback)
                throw error.appError;
            throw error;
        }
    }
    /** Hands a charge back; replaying it changes nothing and answers the current balance. */
    refund(request) {
        return this.sql.run(() => this.refundProgram(request, utcDay()));
    }
    /** Admin grants and corrections (negative amounts), and monthly top-ups (idempotent through requestKey). */
    grant(organizationId, amount, reason, kind = 'grant', requestKey = null) {
        return this.sql.run(() => this.grantProgram(organizationId, amount, reason, kind, requestKey));
    }
    /** Sets a free organization's balance to the allowance once per month; unused credits do not roll over. */
    topUp(organizationId, allowance, month) {
        return this.sql.run(() => this.topUpProgram(organizationId, allowance, `topup:${organizationId}:${month}`));
    }
    *topUpProgram(organizationId, allowance, requestKey) {
        const [done] = yield query('SELECT id FROM ledger_entry WHERE request_key = ? AND kind = ?', requestKey, 'topup');
        const balance = yield* this.balanceOf(organizationId);
        if (done)
            return { entryId: String(done.id), balanceAfter: balance };
        yield exec('UPDATE organization SET balance = ? WHERE id = ?', allowance, organizationId);
        const entry = yield this.insertEntry(organizationId, allowance - balance, allowance, 'topup', 'monthly free allowance', requestKey, null);
        return { entryId: String(entry.insertId), balanceAfter: allowance };
    }
    *chargeProgram(r, day) {
        const [moved, [account]] = yield batch(exec('UPDATE organization SET balance = balance - ? WHERE id = ? AND balance >= ?', r.amount, r.organizationId, r.amount), query('SELECT balance FROM organization WHERE id = ?', r.organizationId));
        if (moved.affected !== 1) {
            throw new Rollback(new AppError(ErrorCode.InsufficientCredits, `This request costs ${r.amount} credits; the balance does not cover it.`));
        }
        if (r.dailyLimit !== undefined) {
            const [, [quota]] = yield batch(upsertAdd(this.sql.dialect, 'daily_quota', { organization_id: r.organizationId, day }, { used: 1 }), query('SELECT used FROM daily_quota WHERE organization_id = ? AND day = ?', r.organizationId, day));
            if (r.dailyLimit !== null && Number(quota.used) > r.dailyLimit) {
                throw new Rollback(new AppError(ErrorCode.DailyLimitReached, `The daily limit of ${r.dailyLimit} screenshot and chat requests is reached.`));
            }
        }
        const balanceAfter = Number(account.balance);
        const [entry] = yield finalBatch(this.insertEntry(r.organizationId, -r.amount, balanceAfter, 'charge', r.reason, r.requestKey, r.jobId), upsertAdd(this.sql.dialect, 'usage_tally', { organization_id: r.organizationId, day, host: r.host }, { requests: 1, credits: r.amount }));
        return { entryId: String(entry.insertId), balanceAfter };
    }
    *refundProgram(r, day) {
        const [done] = yield query('SELECT id, balance_after FROM ledger_entry WHERE request_key = ? AND kind = ?', r.requestKey, 'refund');
        if (done)
            return { entryId: String(done.id), balanceAfter: yield* this.balanceOf(r.organizationId) };
        yield exec('UPDATE organization SET balance = balance + ? WHERE id = ?', r.amount, r.organizationId);
        const balanceAfter = yield* this.balanceOf(r.organizationId);
        const entry = yield this.insertEntry(r.organizationId, r.amount, balanceAfter, 'refund', r.reason ?? 'refund: the service did not deliver', r.requestKey, r.jobId);
        yield exec('UPDATE job SET refunded = ? WHERE id = ? AND organization_id = ?', true, r.jobId, r.organizationId);
        if (r.dailyLimited)
            yield exec('UPDATE daily_quota SET used = used - 1 WHERE organization_id = ? AND day = ? AND used > 0', r.organizationId, day);
        yield upsertAdd(this.sql.dialect, 'usage_tally', { organization_id: r.organizationId, day, host: r.host }, { credits: -r.amount });
        return { entryId: String(entry.insertId), balanceAfter };
    }
    *grantProgram(organizationId, amount, reason, kind, requestKey) {
        if (requestKey) {
            const [done] = yield query('SELECT id FROM ledger_entry WHERE request_key = ? AND kind = ?', requestKey, kind);
            if (done)
                return { entryId: String(done.id), balanceAfter: yield* this.balanceOf(organizationId) };
        }
        const moved = yield exec('UPDATE organization SET balance = balance + ? WHERE id = ? AND balance + ? >= 0', amount, organizationId, amount);
        if (moved.affected !== 1)
            throw AppError.field('amount', 'would leave the balance below zero, or the organization does not exist');
        const balanceAfter = yield* this.balanceOf(organizationId);
        const entry = yield this.insertEntry(organizationId, amount, balanceAfter, kind, reason, requestKey, null);
        return { entryId: String(entry.insertId), balanceAfter };
    }
    *balanceOf(organizationId) {
        const [row] = yield query('SELECT balance FROM organization WHERE id = ?', organizationId);
        return Number(row.balance);
    }
    insertEntry(organizationId, amount, balanceAfter, kind, reason, requestKey, jobId) {
        return exec('INSERT INTO ledger_entry (organization_id, amount, balance_after, kind, reason, request_key, job_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', organizationId, amount, balanceAfter, kind, reason.slice(0, 255), requestKey, jobId, new Date());
    }
};
LedgerService = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [SqlProgramRunner])
], LedgerService);
export { LedgerService };
