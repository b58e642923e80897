var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { IsIn, IsInt, Max, Min, registerDecorator } from 'class-validator';
import { PLAN_NAMES } from '../../../config/json-files.js';
import { PLAN_MESSAGE } from './create-organization.dto.js';
import { WhenNotNull, WhenPresent } from './present.js';
/** `daily_limit: "unlimited"` lifts the daily limit for this organization whatever its plan says. */
export const UNLIMITED = 'unlimited';
const MAX_DAILY_LIMIT = 100_000_000;
/** An integer count, or the word "unlimited". */
function IsDailyLimit() {
    return (target, propertyKey) => registerDecorator({
        name: 'isDailyLimit',
        target: target.constructor,
        propertyName: propertyKey,
        options: { message: `daily_limit must be an integer from 0 to ${MAX_DAILY_LIMIT}, "${UNLIMITED}" or null` },
        validator: {
            validate: (value) => value === UNLIMITED || (Number.isInteger(value) && value >= 0 && value <= MAX_DAILY_LIMIT),
        },
    });
}
/**
 * PATCH /admin/organizations/:id. An absent field is left alone; null clears the organization's override
 * (back to the plan's value).
 */
export class UpdateOrganizationDto {
    plan;
    concurrency;
    daily_limit;
}
__decorate([
    WhenPresent(),
    IsIn(PLAN_NAMES, { message: PLAN_MESSAGE }),
    __metadata("design:type", String)
], UpdateOrganizationDto.prototype, "plan", void 0);
__decorate([
    WhenNotNull(),
    IsInt({ message: 'concurrency must be a positive integer or null' }),
    Min(1),
    Max(100_000),
    __metadata("design:type", Object)
], UpdateOrganizationDto.prototype, "concurrency", void 0);
__decorate([
    WhenNotNull(),
    IsDailyLimit(),
    __metadata("design:type", Object)
], UpdateOrganizationDto.prototype, "daily_limit", void 0);
