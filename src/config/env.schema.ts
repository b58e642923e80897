import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min } from 'class-validator';
import { readBooleanText } from './boolean-text.js';
import { IsDomainList, IsListenHost } from './host-rules.js';

/**
 * A day: Node's timers fire at once past 2^31 - 1 ms (about 24.8 days), and a time plus what the service adds to it
 * (a backstop, a drain's margin) must stay under that, or every job would end at its start.
 */
const MAX_TIMER_MS = 86_400_000;

/** A token a bearer header can carry: no white space or control character (a secret file's trailing newline, say). Empty: unset. */
const BEARER_TOKEN = /^[\x21-\x7e]*$/;
const BEARER_TOKEN_MESSAGE = 'must be visible ASCII characters only, no space or line break: a bearer header could never match it';

/** Decimal digits only: `Number()` alone read `0x10` as 16 and blanks as 0. Anything else stays text, so @IsInt names it. */
const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : /^-?\d+$/.test(String(value)) ? Number(value) : value);
// An unknown word stays text, so that @IsBoolean names the variable.
// A variable's surrounding spaces (an env file's `FLAG=true `) are not part of its word; a query parameter's are.
const toBool = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : (readBooleanText(String(value).trim()) ?? value));
/** An absolute http(s) URL: without require_protocol, `notaurl` passed as a bare host name. */
const HTTP_URL = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/** Every environment variable of decisions.md section 6, as text in, typed out. */
export class EnvSchema {
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(65535)
  PORT?: number;

  @IsOptional() @IsListenHost()
  HOST?: string;

  @IsOptional() @IsIn(['api', 'worker', 'all'])
  ROLE?: 'api' | 'worker' | 'all';

  @IsOptional() @Matches(/^mysql:\/\/[^/]+\/\w+/, { message: 'DATABASE_URL must look like mysql://user:pass@host:3306/db' })
  DATABASE_URL?: string;

  @IsOptional() @IsString()
  DATA_DIR?: string;

  @IsOptional() @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @IsOptional() @IsString() @Matches(BEARER_TOKEN, { message: BEARER_TOKEN_MESSAGE })
  ADMIN_TOKEN?: string;

  @IsOptional() @IsString() @Matches(BEARER_TOKEN, { message: BEARER_TOKEN_MESSAGE })
  METRICS_TOKEN?: string;

  @IsOptional() @IsString()
  PROXY_STANDARD?: string;

  @IsOptional() @IsString()
  PROXY_PREMIUM?: string;

  @IsOptional() @IsString()
  PROXY_POOLS_FILE?: string;

  @IsOptional() @Transform(toInt) @IsInt() @Min(100) @Max(MAX_TIMER_MS)
  PROXY_CHECK_TTL_MS?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(MAX_TIMER_MS)
  SYNC_WAIT_MS?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1000) @Max(MAX_TIMER_MS)
  JOB_TIMEOUT_MS?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1000) @Max(MAX_TIMER_MS)
  CHAT_TIMEOUT_MS?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(64)
  BROWSER_CONCURRENCY?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(64)
  BROWSER_SPARE_TABS?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(200) @Max(60000)
  JOB_HEARTBEAT_MS?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1000) @Max(MAX_TIMER_MS)
  BROWSER_HANG_MS?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(0)
  BROWSER_CACHE_BYTES?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(900) @Max(600000)
  SLOT_LEASE_MS?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(10) @Max(60000)
  WEBHOOK_BACKOFF_MS?: number;

  @IsOptional() @Transform(toBool) @IsBoolean()
  ALLOW_PRIVATE_TARGETS?: boolean;

  @IsOptional() @Transform(toBool) @IsBoolean()
  QUEUE_BOARD_WRITE?: boolean;

  @IsOptional() @IsDomainList()
  UNCOVERED_DOMAINS?: string;

  /** decisions.md 9.8: the product token matched against robots.txt groups. */
  @IsOptional() @IsString() @Matches(/^[A-Za-z_-]+$/, { message: 'ROBOTS_USER_AGENT must be a product token: letters, "_" and "-"' })
  ROBOTS_USER_AGENT?: string;

  @IsOptional() @IsString()
  ADBLOCK_LISTS?: string;

  @IsOptional() @IsString()
  CHROMIUM_PATH?: string;

  @IsOptional() @IsUrl(HTTP_URL, { message: '$property must be an absolute http or https URL' })
  CHAT_SITE_URL?: string;

  @IsOptional() @IsString()
  CHAT_PROFILE_FILE?: string;

  @IsOptional() @IsUrl(HTTP_URL, { message: '$property must be an absolute http or https URL' })
  LLM_BASE_URL?: string;

  @IsOptional() @IsString()
  LLM_API_KEY?: string;

  @IsOptional() @IsString()
  LLM_MODEL?: string;

  @IsOptional() @Transform(toInt) @IsInt() @Min(0)
  FREE_MONTHLY_CREDITS?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1)
  RESULT_TTL_HOURS?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(1000)
  RECIPE_MAX_PAGES?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(100) @Max(65535)
  SCREENSHOT_MAX_HEIGHT?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(100)
  SCREENSHOT_QUALITY?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1000)
  LLM_MAX_INPUT_CHARS?: number;

  /** The `max_tokens` of every ask: what a page or a schema can make the model write, and the operator pay for. */
  @IsOptional() @Transform(toInt) @IsInt() @Min(256) @Max(1_000_000)
  LLM_MAX_OUTPUT_TOKENS?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1024)
  MAX_PAGE_BYTES?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1)
  PDF_MAX_PAGES?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1024)
  PDF_MAX_BYTES?: number;

  /** decisions.md 9.8: stored copies (max_age) per organization, in bytes as stored. */
  @IsOptional() @Transform(toInt) @IsInt() @Min(0)
  CACHE_MAX_BYTES?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(1000000)
  SITE_MAX_PAGES?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(100)
  SITE_HOST_CONCURRENCY?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(1000)
  SITE_ACTIVE_PER_ORG?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(720)
  SITE_MAX_HOURS?: number;

  @IsOptional() @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL?: string;
}
