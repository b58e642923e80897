var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Transform } from 'class-transformer';
import { IsInt, IsString, Matches, Max, MaxLength, Min, NotEquals } from 'class-validator';
import { trim } from './create-organization.dto.js';
import { MAX_CREDITS } from './present.js';
/** POST /admin/organizations/:id/credits (also `cli credits:grant`): a negative amount corrects. */
export class GrantCreditsDto {
    amount;
    reason;
}
__decorate([
    IsInt({ message: 'amount must be an integer' }),
    NotEquals(0, { message: 'amount must not be 0' }),
    Min(-MAX_CREDITS),
    Max(MAX_CREDITS),
    __metadata("design:type", Number)
], GrantCreditsDto.prototype, "amount", void 0);
__decorate([
    Transform(trim),
    IsString(),
    Matches(/\S/, { message: 'reason must not be blank' }),
    MaxLength(255),
    __metadata("design:type", String)
], GrantCreditsDto.prototype, "reason", void 0);
