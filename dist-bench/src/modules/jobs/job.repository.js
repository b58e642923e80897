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
import { In, LessThan, Repository } from 'typeorm';
import { Job, JobResult } from '../../infra/database/entities/index.js';
/** Jobs and their results. Every lookup for a caller takes the organization first. */
let JobRepository = class JobRepository {
    jobs;
    results;
    constructor(jobs, results) {
        this.jobs = jobs;
        this.results = results;
    }
    insert(job) {
        return this.jobs.save(job);
    }
    getForOrganization(organizationId, id) {
        return this.jobs.findOneBy({ organizationId, id });
    }
    /** queued -> running; false when another worker or the janitor got there first. */
    async markRunning(organizationId, id) {
        const result = await this.jobs.update({ organizationId, id, status: 'queued' }, { status: 'running', startedAt: new Date() });
        return (result.affected ?? 0) === 1;
    }
    async markFailed(organizationId, id, code, message) {
        const result = await this.jobs.update({ organizationId, id, status: In(['queued', 'running']) }, { status: 'failed', errorCode: code, errorMessage: message.slice(0, 1000), finishedAt: new Date() });
        return (result.affected ?? 0) === 1;
    }
    /** Stores the output, then marks the job done; the result row exists before anyone can see `done`. */
    async complete(organizationId, id, output) {
        const { body, contentType, meta } = encodeOutput(output);
        await this.results.save({ jobId: id, body, contentType, meta: JSON.stringify(meta) });
        await this.jobs.update({ organizationId, id }, { status: 'done', finishedAt: new Date() });
    }
    async output(job) {
        const row = await this.results.findOneBy({ jobId: job.id });
        return row ? decodeOutput(row) : null;
    }
    listStuck(before) {
        return this.jobs.find({ where: { status: 'running', startedAt: LessThan(before) }, take: 100 });
    }
    async deleteExpired(now) {
        const expired = await this.jobs.find({ select: { id: true }, where: { expiresAt: LessThan(now) }, take: 500 });
        if (expired.length === 0)
            return 0;
        const ids = expired.map((job) => job.id);
        await this.results.delete({ jobId: In(ids) });
        await this.jobs.delete({ id: In(ids) });
        return ids.length;
    }
};
JobRepository = __decorate([
    Injectable(),
    __param(0, InjectRepository(Job)),
    __param(1, InjectRepository(JobResult)),
    __metadata("design:paramtypes", [Repository,
        Repository])
], JobRepository);
export { JobRepository };
function encodeOutput(output) {
    if (output.type === 'page') {
        return { body: Buffer.from(output.html, 'utf8'), contentType: 'text/html', meta: { targetStatus: output.targetStatus, finalUrl: output.finalUrl } };
    }
    return {
        body: Buffer.from(JSON.stringify(output.data ?? null), 'utf8'),
        contentType: 'application/json',
        meta: { targetStatus: output.targetStatus, finalUrl: output.finalUrl },
    };
}
function decodeOutput(row) {
    const meta = JSON.parse(row.meta);
    const text = Buffer.from(row.body).toString('utf8');
    if (row.contentType === 'text/html') {
        return { type: 'page', html: text, targetStatus: meta.targetStatus ?? 200, finalUrl: meta.finalUrl ?? '' };
    }
    return { type: 'data', data: JSON.parse(text), targetStatus: meta.targetStatus, finalUrl: meta.finalUrl };
}
