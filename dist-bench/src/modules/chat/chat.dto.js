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
import { IsOptional, IsString, Matches, registerDecorator } from 'class-validator';
import { BooleanText } from '../../common/validation/boolean-text.js';
const last = ({ value }) => (Array.isArray(value) ? value[value.length - 1] : value);
export const PROMPT_MAX_CHARS = 1000;
/** Characters are code points: one key press each when the prompt is typed. */
function promptProblem(value) {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
        return 'prompt is required';
    if (typeof value !== 'string')
        return 'prompt must be text';
    if ([...value].length > PROMPT_MAX_CHARS)
        return `prompt must be at most ${PROMPT_MAX_CHARS} characters`;
    return null;
}
/** One rule, one message: a missing prompt is not also reported as too long and not a string. */
function IsPrompt() {
    return (target, propertyKey) => registerDecorator({
        name: 'isPrompt',
        target: target.constructor,
        propertyName: propertyKey,
        validator: {
            validate: (value) => promptProblem(value) === null,
            defaultMessage: (args) => promptProblem(args?.value) ?? 'prompt is invalid',
        },
    });
}
/** GET /chat query parameters (spec, GET /chat). */
export class ChatQuery {
    prompt;
    premium;
    country;
    city;
    key;
}
__decorate([
    Transform(last),
    IsPrompt(),
    __metadata("design:type", String)
], ChatQuery.prototype, "prompt", void 0);
__decorate([
    IsOptional(),
    BooleanText(),
    __metadata("design:type", Boolean)
], ChatQuery.prototype, "premium", void 0);
__decorate([
    IsOptional(),
    Transform(last),
    Matches(/^[A-Za-z]{2}$/, { message: 'country must be a two-letter ISO 3166-1 alpha-2 code' }),
    __metadata("design:type", String)
], ChatQuery.prototype, "country", void 0);
__decorate([
    IsOptional(),
    Transform(last),
    Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'city may hold only letters, digits, hyphens and underscores' }),
    __metadata("design:type", String)
], ChatQuery.prototype, "city", void 0);
__decorate([
    IsOptional(),
    Transform(last),
    IsString(),
    __metadata("design:type", String)
], ChatQuery.prototype, "key", void 0);
