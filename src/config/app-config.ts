import { resolve } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { EnvSchema } from './env.schema.js';
import { ChatProfile, loadChatProfile, loadPlans, loadPricing, loadProxyPools, PlanTable, PriceTable, ProxyPools } from './json-files.js';
import { browserPath, unreadableFilterLists, unusableBrowser, unwritableDirectory } from './local-paths.js';

export type Role = 'api' | 'worker' | 'all';

export interface AppConfig {
  readonly http: { readonly port: number; readonly host: string };
  readonly role: Role;
  readonly runsApi: boolean;
  readonly runsWorker: boolean;
  readonly database: { readonly url: string | null; readonly sqlitePath: string };
  readonly dataDir: string;
  readonly redisUrl: string;
  readonly adminToken: string | null;
  /** A scrape-only bearer for GET /metrics, so that workers (which must not hold ADMIN_TOKEN) can be scraped too. */
  readonly metricsToken: string | null;
  /** Lets /admin/queues change jobs and queues; read-only otherwise (decisions 8.5, 8.6). */
  readonly queueBoardWrite: boolean;
  /** null: neither pool configured, the built-in egress proxy serves both tiers. */
  readonly proxyPools: ProxyPools | null;
  /** How old a proxy's connection check may be when a request is charged. */
  readonly proxyCheckTtlMs: number;
  readonly syncWaitMs: number;
  readonly jobTimeoutMs: number;
  readonly chatTimeoutMs: number;
  /** How long a stopping worker lets its running jobs finish (shutdownDrainMs): a pod's grace period must exceed it. */
  readonly shutdownDrainMs: number;
  /** A running job's worker renews its heartbeat this often; one silent for four beats is failed as lost. */
  readonly jobHeartbeatMs: number;
  /** A plan slot is a lease this long, renewed every third of it while its job is queued or running. */
  readonly slotLeaseMs: number;
  /** A failed webhook delivery's first wait before it is sent again, doubling per failure (decisions 7.4: 1 s). */
  readonly webhookBackoffMs: number;
  readonly browser: {
    /** Jobs a worker runs at once (the queue's processor concurrency). */
    readonly concurrency: number;
    /**
     * Tabs (each a context and a relay slot) the worker keeps: concurrency plus BROWSER_SPARE_TABS (none by default),
     * opened on demand. A tab is wiped after its job's answer; spares let the next job start meanwhile instead of
     * waiting for the wipe. Each costs a renderer's memory, which grows to 150-250 MB on a real page, and on two cores
     * they bought no pages/s (issue 41's PSS: README, "Operating it").
     */
    readonly tabs: number;
    /**
     * What one tab's context may read from upstream between two clears of its HTTP cache (decisions 9.7):
     * BROWSER_CACHE_BYTES (a worker's, 256 MiB) shared by its tabs. 0 keeps no cache between jobs.
     */
    readonly tabCacheBytes: number;
    readonly chromiumPath: string;
    readonly adblockLists: readonly string[];
    /** A page or browser silent this long is hung: its job fails and the browser is replaced. */
    readonly hangMs: number;
    /** Chromium's whole environment: what it needs to run, never the service's secrets (DATABASE_URL, tokens, keys). */
    readonly environment: Readonly<Record<string, string>>;
  };
  readonly allowPrivateTargets: boolean;
  readonly uncoveredDomains: readonly string[];
  /** decisions.md 9.8: the product token robots.txt groups are matched against (GET /map, POST /site). */
  readonly robotsUserAgent: string;
  readonly chat: { readonly siteUrl: string; readonly profile: ChatProfile };
  readonly llm: {
    readonly baseUrl: string;
    readonly apiKey: string;
    readonly model: string;
    readonly maxInputChars: number;
    /**
     * Sent as `max_tokens` when set (unset: the ask carries none, and the model server's own limit applies). An answer
     * the server cut (`finish_reason: "length"`) is never taken as whole.
     */
    readonly maxOutputTokens: number | null;
  } | null;
  readonly freeMonthlyCredits: number;
  readonly resultTtlHours: number;
  readonly recipeMaxPages: number;
  readonly screenshot: { readonly maxHeight: number; readonly quality: number };
  readonly maxPageBytes: number;
  /** decisions.md 9.5: pages of a PDF read, and the largest PDF read. */
  readonly pdf: { readonly maxPages: number; readonly maxBytes: number };
  /** decisions.md 9.6: the bytes of stored copies one organization keeps; the oldest go first. */
  readonly cacheMaxBytes: number;
  /** decisions.md 9.3/9.8: site crawls' bounds. */
  readonly site: { readonly maxPages: number; readonly hostConcurrency: number; readonly activePerOrg: number; readonly maxHours: number };
  readonly plans: PlanTable;
  readonly pricing: PriceTable;
  readonly logLevel: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

const EASYLIST_DIR = '/usr/share/chromium/extensions/ublock-origin/assets/thirdparties/easylist';
const DEFAULT_ADBLOCK_LISTS = [`${EASYLIST_DIR}/easylist.txt`, `${EASYLIST_DIR}/easyprivacy.txt`];

function list(text: string | undefined): string[] {
  return (text ?? '').split(',').map((item) => item.trim()).filter(Boolean);
}

/** Variables that may hold passwords or tokens: a start-up error names them but never echoes their value. */
const SECRET_VARIABLES = new Set(['DATABASE_URL', 'REDIS_URL', 'ADMIN_TOKEN', 'METRICS_TOKEN', 'PROXY_STANDARD', 'PROXY_PREMIUM', 'LLM_API_KEY', 'LLM_BASE_URL']);

/** How a start-up error names a variable: `NAME="value"`, `NAME=[hidden]` for a secret, `NAME (unset)` for a default. */
function named(env: NodeJS.ProcessEnv, name: string): string {
  if (env[name] === undefined) return `${name} (unset)`;
  return `${name}=${SECRET_VARIABLES.has(name) ? '[hidden]' : JSON.stringify(env[name])}`;
}

function validateEnv(env: NodeJS.ProcessEnv): EnvSchema {
  const parsed = plainToInstance(EnvSchema, { ...env });
  const errors = validateSync(parsed, { whitelist: false, forbidUnknownValues: false });
  if (errors.length > 0) {
    throw new ConfigError(errors.map((error) => `${named(env, error.property)}: ${Object.values(error.constraints ?? {}).join('; ')}`));
  }
  return parsed;
}

interface LocalPaths {
  readonly dataDir: string;
  /** DATA_DIR holds the embedded database and the worker's ad-block cache: unused by an API on MySQL. */
  readonly usesDataDir: boolean;
  readonly runsWorker: boolean;
  readonly adblockLists: readonly string[];
}

/** The paths this process will use, checked now (DATA_DIR created), each problem naming its variable. */
function localPathProblems(env: NodeJS.ProcessEnv, paths: LocalPaths): string[] {
  const problems: string[] = [];
  const check = (name: string, problem: string | null) => {
    if (problem) problems.push(`${named(env, name)}: ${problem}`);
  };
  if (paths.usesDataDir) check('DATA_DIR', unwritableDirectory(paths.dataDir));
  // Only a worker runs the browser: an API process never launches it.
  if (paths.runsWorker) {
    check('CHROMIUM_PATH', unusableBrowser(env.CHROMIUM_PATH, env.PATH));
    check('ADBLOCK_LISTS', unreadableFilterLists(paths.adblockLists));
  }
  return problems;
}

/** The variables Chromium may see (locale, time zone, fonts, home and temporary directories); nothing else is passed. */
const BROWSER_ENVIRONMENT = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LANGUAGE', 'LC_ALL', 'TZ', 'FONTCONFIG_PATH', 'FONTCONFIG_FILE', 'XDG_CONFIG_HOME', 'XDG_CACHE_HOME'];

function browserEnvironment(env: NodeJS.ProcessEnv): Readonly<Record<string, string>> {
  return Object.freeze(Object.fromEntries(BROWSER_ENVIRONMENT.flatMap((name) => (env[name] === undefined ? [] : [[name, env[name]!]]))));
}

/** A tool's configuration (the CLI): the environment's, as a process that runs no worker (no browser, no filter lists). */
export function loadToolConfig(): AppConfig {
  return loadConfig({ ...process.env, ROLE: 'api' });
}

/** Reads the environment once and returns the frozen, typed configuration, or throws naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = validateEnv(env);
  const problems: string[] = [];
  const attempt = <T>(name: string, load: () => T): T | undefined => {
    try {
      return load();
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
      return undefined;
    }
  };
  const dataDir = resolve(e.DATA_DIR ?? './data');
  const role = e.ROLE ?? 'all';
  const runsWorker = role !== 'api';
  const chromiumPath = browserPath(e.CHROMIUM_PATH);
  const adblockLists = e.ADBLOCK_LISTS ? list(e.ADBLOCK_LISTS) : DEFAULT_ADBLOCK_LISTS;
  const concurrency = e.BROWSER_CONCURRENCY ?? 4;
  const tabs = concurrency + (e.BROWSER_SPARE_TABS ?? 0);
  const plans = attempt('config/plans.json', loadPlans);
  const pricing = attempt('config/pricing.json', loadPricing);
  const profile = attempt('CHAT_PROFILE_FILE', () => loadChatProfile(e.CHAT_PROFILE_FILE));
  const proxyPools = attempt('PROXY_STANDARD/PROXY_PREMIUM/PROXY_POOLS_FILE', () =>
    loadProxyPools({ standard: list(e.PROXY_STANDARD), premium: list(e.PROXY_PREMIUM), file: e.PROXY_POOLS_FILE }),
  );
  const llmParts = [e.LLM_BASE_URL, e.LLM_MODEL].filter(Boolean).length;
  if (llmParts === 1) problems.push('LLM_BASE_URL and LLM_MODEL: set both or neither');
  problems.push(...localPathProblems(env, { dataDir, usesDataDir: !e.DATABASE_URL || runsWorker, runsWorker, adblockLists }));
  if (problems.length > 0) throw new ConfigError(problems);

  const config: AppConfig = {
    http: { port: e.PORT ?? 3000, host: e.HOST ?? '0.0.0.0' },
    role,
    runsApi: role !== 'worker',
    runsWorker,
    database: { url: e.DATABASE_URL ?? null, sqlitePath: resolve(dataDir, 'crawlgate.sqlite') },
    dataDir,
    redisUrl: e.REDIS_URL ?? 'redis://127.0.0.1:6379',
    adminToken: e.ADMIN_TOKEN || null,
    metricsToken: e.METRICS_TOKEN || null,
    queueBoardWrite: e.QUEUE_BOARD_WRITE ?? false,
    proxyPools: proxyPools ?? null,
    proxyCheckTtlMs: e.PROXY_CHECK_TTL_MS ?? 2000,
    syncWaitMs: e.SYNC_WAIT_MS ?? 30000,
    jobTimeoutMs: e.JOB_TIMEOUT_MS ?? 90000,
    chatTimeoutMs: e.CHAT_TIMEOUT_MS ?? 150000,
    shutdownDrainMs: shutdownDrainMs(e.JOB_TIMEOUT_MS ?? 90000, e.CHAT_TIMEOUT_MS ?? 150000),
    jobHeartbeatMs: e.JOB_HEARTBEAT_MS ?? 2000,
    slotLeaseMs: e.SLOT_LEASE_MS ?? 60000,
    webhookBackoffMs: e.WEBHOOK_BACKOFF_MS ?? 1000,
    browser: {
      concurrency,
      tabs,
      tabCacheBytes: Math.floor((e.BROWSER_CACHE_BYTES ?? 256 * 1024 * 1024) / tabs),
      chromiumPath,
      adblockLists,
      hangMs: e.BROWSER_HANG_MS ?? 30000,
      environment: browserEnvironment(env),
    },
    allowPrivateTargets: e.ALLOW_PRIVATE_TARGETS ?? false,
    uncoveredDomains: list(e.UNCOVERED_DOMAINS).map((domain) => domain.toLowerCase()),
    robotsUserAgent: e.ROBOTS_USER_AGENT ?? 'Crawlgate',
    chat: { siteUrl: e.CHAT_SITE_URL ?? 'https://chatgpt.com/', profile: profile! },
    llm: e.LLM_BASE_URL && e.LLM_MODEL
      ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY ?? '', model: e.LLM_MODEL, maxInputChars: e.LLM_MAX_INPUT_CHARS ?? 30000, maxOutputTokens: e.LLM_MAX_OUTPUT_TOKENS ?? null }
      : null,
    freeMonthlyCredits: e.FREE_MONTHLY_CREDITS ?? 1000,
    resultTtlHours: e.RESULT_TTL_HOURS ?? 24,
    recipeMaxPages: e.RECIPE_MAX_PAGES ?? 20,
    screenshot: { maxHeight: e.SCREENSHOT_MAX_HEIGHT ?? 20000, quality: e.SCREENSHOT_QUALITY ?? 80 },
    maxPageBytes: e.MAX_PAGE_BYTES ?? 20 * 1024 * 1024,
    pdf: { maxPages: e.PDF_MAX_PAGES ?? 200, maxBytes: e.PDF_MAX_BYTES ?? 20 * 1024 * 1024 },
    cacheMaxBytes: e.CACHE_MAX_BYTES ?? 1024 * 1024 * 1024,
    site: {
      maxPages: e.SITE_MAX_PAGES ?? 10000,
      hostConcurrency: e.SITE_HOST_CONCURRENCY ?? 2,
      activePerOrg: e.SITE_ACTIVE_PER_ORG ?? 5,
      maxHours: e.SITE_MAX_HOURS ?? 24,
    },
    plans: plans!,
    pricing: pricing!,
    logLevel: e.LOG_LEVEL ?? 'info',
  };
  return deepFreeze(config);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * A job's own end and its record after its deadline (the runner's backstop) fit in this. A site page waiting out its
 * host's delay may run past it: a site crawl survives a lost page run (it is run again elsewhere).
 */
const DRAIN_MARGIN_MS = 15_000;

/**
 * How long a stopping worker waits for its running jobs: the longest a job may run (a chat's CHAT_TIMEOUT_MS, a page's
 * JOB_TIMEOUT_MS) and a margin. The one owner of the rule a Deployment's terminationGracePeriodSeconds and compose's
 * stop_grace_period follow (test/unit/deploy.spec.ts checks both against it).
 */
export function shutdownDrainMs(jobTimeoutMs: number, chatTimeoutMs: number): number {
  return Math.max(jobTimeoutMs, chatTimeoutMs) + DRAIN_MARGIN_MS;
}
