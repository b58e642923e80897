var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
let Organization = class Organization {
    id;
    /** Short random id that prefixes job ids; never a row number. */
    publicId;
    name;
    plan;
    balance;
    concurrencyOverride;
    /** -1 means unlimited for this organization whatever the plan says. */
    dailyLimitOverride;
    createdAt;
};
__decorate([
    PrimaryColumn({ type: 'varchar', length: 32 }),
    __metadata("design:type", String)
], Organization.prototype, "id", void 0);
__decorate([
    Column({ type: 'varchar', length: 16, unique: true }),
    __metadata("design:type", String)
], Organization.prototype, "publicId", void 0);
__decorate([
    Column({ type: 'varchar', length: 200 }),
    __metadata("design:type", String)
], Organization.prototype, "name", void 0);
__decorate([
    Column({ type: 'varchar', length: 16 }),
    __metadata("design:type", String)
], Organization.prototype, "plan", void 0);
__decorate([
    Column({ type: 'int' }),
    __metadata("design:type", Number)
], Organization.prototype, "balance", void 0);
__decorate([
    Column({ type: 'int', nullable: true }),
    __metadata("design:type", Object)
], Organization.prototype, "concurrencyOverride", void 0);
__decorate([
    Column({ type: 'int', nullable: true }),
    __metadata("design:type", Object)
], Organization.prototype, "dailyLimitOverride", void 0);
__decorate([
    CreateDateColumn(),
    __metadata("design:type", Date)
], Organization.prototype, "createdAt", void 0);
Organization = __decorate([
    Entity('organization')
], Organization);
export { Organization };
