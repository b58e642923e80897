var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Column, Entity, PrimaryColumn } from 'typeorm';
/** A finished job's output, kept in the database so every API replica can serve it. */
let JobResult = class JobResult {
    jobId;
    contentType;
    /** The page (HTML) or the JSON `data`; LONGBLOB on MySQL (see the migration). */
    body;
    /** Small JSON facts beside the body: target status, final URL, and the like. */
    meta;
};
__decorate([
    PrimaryColumn({ type: 'varchar', length: 64 }),
    __metadata("design:type", String)
], JobResult.prototype, "jobId", void 0);
__decorate([
    Column({ type: 'varchar', length: 100 }),
    __metadata("design:type", String)
], JobResult.prototype, "contentType", void 0);
__decorate([
    Column({ type: 'blob' }),
    __metadata("design:type", Buffer)
], JobResult.prototype, "body", void 0);
__decorate([
    Column({ type: 'text' }),
    __metadata("design:type", String)
], JobResult.prototype, "meta", void 0);
JobResult = __decorate([
    Entity('job_result')
], JobResult);
export { JobResult };
