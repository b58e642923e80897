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
/** Per organization, UTC day and target host: what was asked, what reached the crawler, what succeeded, what it cost. */
let UsageTally = class UsageTally {
    organizationId;
    day;
    host;
    /** Charged requests (refunded ones included). */
    requests;
    attempts;
    crawls;
    /** Net credits: charges minus refunds. */
    credits;
};
__decorate([
    PrimaryColumn({ type: 'varchar', length: 32 }),
    __metadata("design:type", String)
], UsageTally.prototype, "organizationId", void 0);
__decorate([
    PrimaryColumn({ type: 'varchar', length: 10 }),
    __metadata("design:type", String)
], UsageTally.prototype, "day", void 0);
__decorate([
    PrimaryColumn({ type: 'varchar', length: 255 }),
    __metadata("design:type", String)
], UsageTally.prototype, "host", void 0);
__decorate([
    Column({ type: 'int', default: 0 }),
    __metadata("design:type", Number)
], UsageTally.prototype, "requests", void 0);
__decorate([
    Column({ type: 'int', default: 0 }),
    __metadata("design:type", Number)
], UsageTally.prototype, "attempts", void 0);
__decorate([
    Column({ type: 'int', default: 0 }),
    __metadata("design:type", Number)
], UsageTally.prototype, "crawls", void 0);
__decorate([
    Column({ type: 'int', default: 0 }),
    __metadata("design:type", Number)
], UsageTally.prototype, "credits", void 0);
UsageTally = __decorate([
    Entity('usage_tally')
], UsageTally);
export { UsageTally };
