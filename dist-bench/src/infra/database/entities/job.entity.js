var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
let Job = class Job {
    /** The public job id, `<org public id>_<random>`. */
    id;
    organizationId;
    kind;
    status;
    host;
    price;
    refunded;
    /** The validated request options, JSON. */
    options;
    errorCode;
    errorMessage;
    createdAt;
    startedAt;
    finishedAt;
    expiresAt;
};
__decorate([
    PrimaryColumn({ type: 'varchar', length: 64 }),
    __metadata("design:type", String)
], Job.prototype, "id", void 0);
__decorate([
    Column({ type: 'varchar', length: 32 }),
    __metadata("design:type", String)
], Job.prototype, "organizationId", void 0);
__decorate([
    Column({ type: 'varchar', length: 16 }),
    __metadata("design:type", String)
], Job.prototype, "kind", void 0);
__decorate([
    Column({ type: 'varchar', length: 16 }),
    __metadata("design:type", String)
], Job.prototype, "status", void 0);
__decorate([
    Column({ type: 'varchar', length: 255 }),
    __metadata("design:type", String)
], Job.prototype, "host", void 0);
__decorate([
    Column({ type: 'int' }),
    __metadata("design:type", Number)
], Job.prototype, "price", void 0);
__decorate([
    Column({ type: 'boolean', default: false }),
    __metadata("design:type", Boolean)
], Job.prototype, "refunded", void 0);
__decorate([
    Column({ type: 'text' }),
    __metadata("design:type", String)
], Job.prototype, "options", void 0);
__decorate([
    Column({ type: 'varchar', length: 32, nullable: true }),
    __metadata("design:type", Object)
], Job.prototype, "errorCode", void 0);
__decorate([
    Column({ type: 'varchar', length: 1000, nullable: true }),
    __metadata("design:type", Object)
], Job.prototype, "errorMessage", void 0);
__decorate([
    CreateDateColumn(),
    __metadata("design:type", Date)
], Job.prototype, "createdAt", void 0);
__decorate([
    Column({ type: 'datetime', nullable: true }),
    __metadata("design:type", Object)
], Job.prototype, "startedAt", void 0);
__decorate([
    Column({ type: 'datetime', nullable: true }),
    __metadata("design:type", Object)
], Job.prototype, "finishedAt", void 0);
__decorate([
    Column({ type: 'datetime' }),
    __metadata("design:type", Date)
], Job.prototype, "expiresAt", void 0);
Job = __decorate([
    Entity('job'),
    Index(['organizationId', 'createdAt']),
    Index(['expiresAt'])
], Job);
export { Job };
