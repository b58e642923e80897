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
/** Charged, unrefunded screenshot and chat requests per organization and UTC day (the 402 daily limit). */
let DailyQuota = class DailyQuota {
    organizationId;
    day;
    used;
};
__decorate([
    PrimaryColumn({ type: 'varchar', length: 32 }),
    __metadata("design:type", String)
], DailyQuota.prototype, "organizationId", void 0);
__decorate([
    PrimaryColumn({ type: 'varchar', length: 10 }),
    __metadata("design:type", String)
], DailyQuota.prototype, "day", void 0);
__decorate([
    Column({ type: 'int', default: 0 }),
    __metadata("design:type", Number)
], DailyQuota.prototype, "used", void 0);
DailyQuota = __decorate([
    Entity('daily_quota')
], DailyQuota);
export { DailyQuota };
