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
import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PLAN_NAMES } from '../../../config/json-files.js';
import { MAX_CREDITS, WhenPresent } from './present.js';
export const trim = ({ value }) => (typeof value === 'string' ? value.trim() : value);
export const PLAN_MESSAGE = `plan must be one of ${PLAN_NAMES.join(', ')}`;
/** POST /admin/organizations (also `cli org:create`). */
export class CreateOrganizationDto {
    name;
    plan;
    /** Default: the free allowance for `free`, else 0. */
    credits;
}
__decorate([
    Transform(trim),
    IsString(),
    Matches(/\S/, { message: 'name must not be blank' }),
    MaxLength(200),
    __metadata("design:type", String)
], CreateOrganizationDto.prototype, "name", void 0);
__decorate([
    WhenPresent(),
    IsIn(PLAN_NAMES, { message: PLAN_MESSAGE }),
    __metadata("design:type", String)
], CreateOrganizationDto.prototype, "plan", void 0);
__decorate([
    WhenPresent(),
    IsInt({ message: 'credits must be an integer' }),
    Min(0),
    Max(MAX_CREDITS),
    __metadata("design:type", Number)
], CreateOrganizationDto.prototype, "credits", void 0);
