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
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min } from 'class-validator';
const toInt = ({ value }) => (value === undefined || value === '' ? undefined : Number(value));
const toBool = ({ value }) => {
    if (value === undefined || value === '')
        return undefined;
    const text = String(value).toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(text))
        return true;
    if (['false', '0', 'no', 'off'].includes(text))
        return false;
    return value;
};
/** Every environment variable of decisions.md section 6, as text in, typed out. */
export class EnvSchema {
    PORT;
    HOST;
    ROLE;
    DATABASE_URL;
    DATA_DIR;
    REDIS_URL;
    ADMIN_TOKEN;
    PROXY_STANDARD;
    PROXY_PREMIUM;
    PROXY_POOLS_FILE;
    SYNC_WAIT_MS;
    JOB_TIMEOUT_MS;
    CHAT_TIMEOUT_MS;
    BROWSER_CONCURRENCY;
    ALLOW_PRIVATE_TARGETS;
    UNCOVERED_DOMAINS;
    ADBLOCK_LISTS;
    CHROMIUM_PATH;
    CHAT_SITE_URL;
    CHAT_PROFILE_FILE;
    LLM_BASE_URL;
    LLM_API_KEY;
    LLM_MODEL;
    FREE_MONTHLY_CREDITS;
    RESULT_TTL_HOURS;
    RECIPE_MAX_PAGES;
    SCREENSHOT_MAX_HEIGHT;
    SCREENSHOT_QUALITY;
    LLM_MAX_INPUT_CHARS;
    LOG_LEVEL;
}
__decorate([
    IsOptional(),
    Transform(toInt),
    IsInt(),
    Min(1),
    Max(65535),
    __metadata("design:type", Number)
], EnvSchema.prototype, "PORT", void 0);
__decorate([
    IsOptional(),
    IsString(),
    __metadata("design:type", String)
], EnvSchema.prototype, "HOST", void 0);
__decorate([
    IsOptional(),
    IsIn(['api', 'worker', 'all']),
    __metadata("design:type", String)
], EnvSchema.prototype, "ROLE", void 0);
__decorate([
    IsOptional(),
    Matches(/^mysql:\/\/[^/]+\/\w+/, { message: 'DATABASE_URL must look like mysql://user:pass@host:3306/db' }),
    __metadata("design:type", String)
], EnvSchema.prototype, "DATABASE_URL", void 0);
__decorate([
    IsOptional(),
    IsString(),
    __metadata("design:type", String)
], EnvSchema.prototype, "DATA_DIR", void 0);
__decorate([
    IsOptional(),
    Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' }),
    __metadata("design:type", String)
], EnvSchema.prototype, "REDIS_URL", void 0);
__decorate([
    IsOptional(),
    IsString(),
    __metadata("design:type", String)
], EnvSchema.prototype, "ADMIN_TOKEN", void 0);
__decorate([
    IsOptional(),
    IsString(),
    __metadata("design:type", String)
], EnvSchema.prototype, "PROXY_STANDARD", void 0);
__decorate([
    IsOptional(),
    IsString(),
    __metadata("design:type", String)
], EnvSchema.prototype, "PROXY_PREMIUM", void 0);
__decorate([
    IsOptional(),
    IsString(),
    __metadata("design:type", String)
], EnvSchema.prototype, "PROXY_POOLS_FILE", void 0);
__decorate([
    IsOptional(),
    Transform(toInt),
    IsInt(),
    Min(0),
    __metadata("design:type", Number)
], EnvSchema.prototype, "SYNC_WAIT_MS", void 0);
__decorate([
    IsOptional(),
    Transform(toInt),
    IsInt(),
    Min(1000),
    __metadata("design:type", Number)
], EnvSchema.prototype, "JOB_TIMEOUT_MS", void 0);
__decorate([
    IsOptional(),
    Transform(toInt),
    IsInt(),
    Min(1000),
    __metadata("design:type", Number)
], EnvSchema.prototype, "CHAT_TIMEOUT_MS", void 0);
__decorate([
    IsOptional(),
    Transform(toInt),
    IsInt(),
    Min(1),
    Max(64),
    __metadata("design:type", Number)
], EnvSchema.prototype, "BROWSER_CONCURRENCY", void 0);
__decorate([
    IsOptional(),
    Transform(toBool),
    IsBoolean(),
    __metadata("design:type", Boolean)
], EnvSchema.prototype, "ALLOW_PRIVATE_TARGETS", void 0);
__decorate([
    IsOptional(),
    IsString(),
    __metadata("design:type", String)
], EnvSchema.prototype, "UNCOVERED_DOMAINS", void 0);
__decorate([
    IsOptional(),
    IsString(),
    __metadata("design:type", String)
], EnvSchema.prototype, "ADBLOCK_LISTS", void 0);
__decorate([
    IsOptional(),
    IsString(),
    __metadata("design:type", String)
], EnvSchema.prototype, "CHROMIUM_PATH", void 0);
__decorate([
    IsOptional(),
    IsUrl({ require_tld: false, protocols: ['http', 'https'] }),
    __metadata("design:type", String)
], EnvSchema.prototype, "CHAT_SITE_URL", void 0);
__decorate([
    IsOptional(),
    IsString(),
    __metadata("design:type", String)
], EnvSchema.prototype, "CHAT_PROFILE_FILE", void 0);
__decorate([
    IsOptional(),
    IsUrl({ require_tld: false, protocols: ['http', 'https'] }),
    __metadata("design:type", String)
], EnvSchema.prototype, "LLM_BASE_URL", void 0);
__decorate([
    IsOptional(),
    IsString(),
    __metadata("design:type", String)
], EnvSchema.prototype, "LLM_API_KEY", void 0);
__decorate([
    IsOptional(),
    IsString(),
    __metadata("design:type", String)
], EnvSchema.prototype, "LLM_MODEL", void 0);
__decorate([
    IsOptional(),
    Transform(toInt),
    IsInt(),
    Min(0),
    __metadata("design:type", Number)
], EnvSchema.prototype, "FREE_MONTHLY_CREDITS", void 0);
__decorate([
    IsOptional(),
    Transform(toInt),
    IsInt(),
    Min(1),
    __metadata("design:type", Number)
], EnvSchema.prototype, "RESULT_TTL_HOURS", void 0);
__decorate([
    IsOptional(),
    Transform(toInt),
    IsInt(),
    Min(1),
    Max(1000),
    __metadata("design:type", Number)
], EnvSchema.prototype, "RECIPE_MAX_PAGES", void 0);
__decorate([
    IsOptional(),
    Transform(toInt),
    IsInt(),
    Min(100),
    Max(65535),
    __metadata("design:type", Number)
], EnvSchema.prototype, "SCREENSHOT_MAX_HEIGHT", void 0);
__decorate([
    IsOptional(),
    Transform(toInt),
    IsInt(),
    Min(1),
    Max(100),
    __metadata("design:type", Number)
], EnvSchema.prototype, "SCREENSHOT_QUALITY", void 0);
__decorate([
    IsOptional(),
    Transform(toInt),
    IsInt(),
    Min(1000),
    __metadata("design:type", Number)
], EnvSchema.prototype, "LLM_MAX_INPUT_CHARS", void 0);
__decorate([
    IsOptional(),
    IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    __metadata("design:type", String)
], EnvSchema.prototype, "LOG_LEVEL", void 0);
