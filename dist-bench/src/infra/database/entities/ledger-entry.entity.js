var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
/** Append-only: every change of a balance is one row; (request_key, kind) makes charges and refunds idempotent. */
let LedgerEntry = class LedgerEntry {
    id;
    organizationId;
    amount;
    balanceAfter;
    kind;
    reason;
    requestKey;
    jobId;
    createdAt;
};
__decorate([
    PrimaryGeneratedColumn({ type: 'bigint' }),
    __metadata("design:type", String)
], LedgerEntry.prototype, "id", void 0);
__decorate([
    Column({ type: 'varchar', length: 32 }),
    __metadata("design:type", String)
], LedgerEntry.prototype, "organizationId", void 0);
__decorate([
    Column({ type: 'int' }),
    __metadata("design:type", Number)
], LedgerEntry.prototype, "amount", void 0);
__decorate([
    Column({ type: 'int' }),
    __metadata("design:type", Number)
], LedgerEntry.prototype, "balanceAfter", void 0);
__decorate([
    Column({ type: 'varchar', length: 16 }),
    __metadata("design:type", String)
], LedgerEntry.prototype, "kind", void 0);
__decorate([
    Column({ type: 'varchar', length: 255 }),
    __metadata("design:type", String)
], LedgerEntry.prototype, "reason", void 0);
__decorate([
    Column({ type: 'varchar', length: 80, nullable: true }),
    __metadata("design:type", Object)
], LedgerEntry.prototype, "requestKey", void 0);
__decorate([
    Column({ type: 'varchar', length: 64, nullable: true }),
    __metadata("design:type", Object)
], LedgerEntry.prototype, "jobId", void 0);
__decorate([
    CreateDateColumn(),
    __metadata("design:type", Date)
], LedgerEntry.prototype, "createdAt", void 0);
LedgerEntry = __decorate([
    Entity('ledger_entry'),
    Index(['requestKey', 'kind'], { unique: true }),
    Index(['organizationId', 'id'])
], LedgerEntry);
export { LedgerEntry };
