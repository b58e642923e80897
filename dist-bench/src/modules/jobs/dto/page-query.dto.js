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
import { IsIn, IsNumber, IsOptional, IsString, Matches, MaxLength, Min, Max } from 'class-validator';
import { BooleanText, StrictBoolean } from '../../../common/validation/boolean-text.js';
import { WAIT_UNTIL } from '../../../infra/browser/page-options.js';
const last = ({ value }) => (Array.isArray(value) ? value[value.length - 1] : value);
const toNumber = ({ value }) => {
    const text = last({ value });
    return text === undefined || text === '' ? text : Number(text);
};
/** Query parameters shared by GET /crawl, GET /screenshot and POST /crawl, apart from the flags. */
export class PageQueryBase {
    url;
    ai_query;
    wait_until;
    viewport;
    device_scale_factor;
    user_agent;
    country;
    city;
    key;
}
__decorate([
    IsOptional(),
    Transform(last),
    IsString(),
    MaxLength(8192),
    __metadata("design:type", String)
], PageQueryBase.prototype, "url", void 0);
__decorate([
    IsOptional(),
    Transform(last),
    IsString(),
    MaxLength(2000),
    __metadata("design:type", String)
], PageQueryBase.prototype, "ai_query", void 0);
__decorate([
    IsOptional(),
    Transform(last),
    IsIn(WAIT_UNTIL, { message: `wait_until must be one of ${WAIT_UNTIL.join(', ')}` }),
    __metadata("design:type", String)
], PageQueryBase.prototype, "wait_until", void 0);
__decorate([
    IsOptional(),
    Transform(last),
    Matches(/^[1-9]\d{0,4}x[1-9]\d{0,4}$/, { message: 'viewport must be WIDTHxHEIGHT with positive integers, e.g. 1920x1080' }),
    __metadata("design:type", String)
], PageQueryBase.prototype, "viewport", void 0);
__decorate([
    IsOptional(),
    Transform(toNumber),
    IsNumber({}, { message: 'device_scale_factor must be a number' }),
    Min(0.1),
    Max(5),
    __metadata("design:type", Number)
], PageQueryBase.prototype, "device_scale_factor", void 0);
__decorate([
    IsOptional(),
    Transform(last),
    IsString(),
    MaxLength(512),
    __metadata("design:type", String)
], PageQueryBase.prototype, "user_agent", void 0);
__decorate([
    IsOptional(),
    Transform(last),
    Matches(/^[A-Za-z]{2}$/, { message: 'country must be a two-letter ISO 3166-1 alpha-2 code' }),
    __metadata("design:type", String)
], PageQueryBase.prototype, "country", void 0);
__decorate([
    IsOptional(),
    Transform(last),
    Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'city may hold only letters, digits, hyphens and underscores' }),
    __metadata("design:type", String)
], PageQueryBase.prototype, "city", void 0);
__decorate([
    IsOptional(),
    Transform(last),
    IsString(),
    __metadata("design:type", String)
], PageQueryBase.prototype, "key", void 0);
/** GET routes: flags are boolean text in any case. */
export class PageQuery extends PageQueryBase {
    premium;
    js;
    images;
    adblock;
    mobile;
    landscape;
    touch;
}
__decorate([
    IsOptional(),
    BooleanText(),
    __metadata("design:type", Boolean)
], PageQuery.prototype, "premium", void 0);
__decorate([
    IsOptional(),
    BooleanText(),
    __metadata("design:type", Boolean)
], PageQuery.prototype, "js", void 0);
__decorate([
    IsOptional(),
    BooleanText(),
    __metadata("design:type", Boolean)
], PageQuery.prototype, "images", void 0);
__decorate([
    IsOptional(),
    BooleanText(),
    __metadata("design:type", Boolean)
], PageQuery.prototype, "adblock", void 0);
__decorate([
    IsOptional(),
    BooleanText(),
    __metadata("design:type", Boolean)
], PageQuery.prototype, "mobile", void 0);
__decorate([
    IsOptional(),
    BooleanText(),
    __metadata("design:type", Boolean)
], PageQuery.prototype, "landscape", void 0);
__decorate([
    IsOptional(),
    BooleanText(),
    __metadata("design:type", Boolean)
], PageQuery.prototype, "touch", void 0);
/** POST /crawl: flags are JSON-style booleans, exactly `true` or `false`. */
export class StrictPageQuery extends PageQueryBase {
    premium;
    js;
    images;
    adblock;
    mobile;
    landscape;
    touch;
}
__decorate([
    IsOptional(),
    StrictBoolean(),
    __metadata("design:type", Boolean)
], StrictPageQuery.prototype, "premium", void 0);
__decorate([
    IsOptional(),
    StrictBoolean(),
    __metadata("design:type", Boolean)
], StrictPageQuery.prototype, "js", void 0);
__decorate([
    IsOptional(),
    StrictBoolean(),
    __metadata("design:type", Boolean)
], StrictPageQuery.prototype, "images", void 0);
__decorate([
    IsOptional(),
    StrictBoolean(),
    __metadata("design:type", Boolean)
], StrictPageQuery.prototype, "adblock", void 0);
__decorate([
    IsOptional(),
    StrictBoolean(),
    __metadata("design:type", Boolean)
], StrictPageQuery.prototype, "mobile", void 0);
__decorate([
    IsOptional(),
    StrictBoolean(),
    __metadata("design:type", Boolean)
], StrictPageQuery.prototype, "landscape", void 0);
__decorate([
    IsOptional(),
    StrictBoolean(),
    __metadata("design:type", Boolean)
], StrictPageQuery.prototype, "touch", void 0);
