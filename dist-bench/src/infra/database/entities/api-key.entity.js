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
let ApiKey = class ApiKey {
    id;
    organizationId;
    /** The first characters of the key, shown to humans to tell keys apart. */
    prefix;
    /** SHA-256 of the whole key, hex. The key itself is never stored. */
    keyHash;
    revokedAt;
    createdAt;
};
__decorate([
    PrimaryColumn({ type: 'varchar', length: 32 }),
    __metadata("design:type", String)
], ApiKey.prototype, "id", void 0);
__decorate([
    Index(),
    Column({ type: 'varchar', length: 32 }),
    __metadata("design:type", String)
], ApiKey.prototype, "organizationId", void 0);
__decorate([
    Column({ type: 'varchar', length: 16 }),
    __metadata("design:type", String)
], ApiKey.prototype, "prefix", void 0);
__decorate([
    Column({ type: 'varchar', length: 64, unique: true }),
    __metadata("design:type", String)
], ApiKey.prototype, "keyHash", void 0);
__decorate([
    Column({ type: 'datetime', nullable: true }),
    __metadata("design:type", Object)
], ApiKey.prototype, "revokedAt", void 0);
__decorate([
    CreateDateColumn(),
    __metadata("design:type", Date)
], ApiKey.prototype, "createdAt", void 0);
ApiKey = __decorate([
    Entity('api_key')
], ApiKey);
export { ApiKey };
