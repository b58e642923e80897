import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PLAN_NAMES = ['free', 'lite', 'standard', 'pro', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];
export type ProxyTier = 'standard' | 'premium';

export interface Plan {
  readonly concurrency: number;
  readonly burst: number;
  /** Charged screenshot + chat requests per UTC day; null means unlimited. */
  readonly dailyLimit: number | null;
  /** Bull priority: lower starts first. */
  readonly priority: number;
}
export type PlanTable = Readonly<Record<PlanName, Plan>>;

export interface PriceTable {
  readonly crawl: {
    readonly base: Readonly<Record<ProxyTier, { readonly noJs: number; readonly js: number }>>;
    readonly imagesSurcharge: number;
    readonly aiQuerySurcharge: number;
    readonly cityMultiplier: number;
    /** decisions.md 9.6: a page answered from its stored copy (max_age); 1 when the file does not say. */
    readonly cacheHit: number;
  };
  /** Flat-priced operations by job kind; a new operation adds its key here, in config/pricing.json. */
  readonly flat: Readonly<Record<string, number>>;
}

export interface ChatProfile {
  readonly input: string;
  readonly submit: string;
  readonly assistant: string;
  readonly content: string;
  readonly streaming: string;
  readonly citation: string;
  readonly product: string;
  readonly productName: string;
  readonly productPrice: string;
  readonly productRating: string;
  readonly dismiss: string;
  readonly settleMs: number;
}

export interface ProxyPool {
  readonly proxies: readonly string[];
  /** Cities offered per lower-case country code; absent: any city is passed through. */
  readonly cities?: Readonly<Record<string, readonly string[]>>;
}
export type ProxyPools = Readonly<Record<ProxyTier, ProxyPool>>;

/** The project's `config/` folder: the nearest one above this file, whether run from src/, dist/ or a bench build. */
const CONFIG_DIR = findConfigDir(dirname(fileURLToPath(import.meta.url)));

function findConfigDir(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'config', 'plans.json'))) return join(dir, 'config') + sep;
  }
  throw new Error(`no config/plans.json above ${from}`);
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The pools file, whose text holds proxy credentials: a parse error names the file, never quotes it (JSON.parse does). */
function readPoolsFile(path: string): Partial<Record<ProxyTier, ProxyPool>> {
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text) as Partial<Record<ProxyTier, ProxyPool>>;
  } catch {
    throw new Error(`PROXY_POOLS_FILE (${path}) is not valid JSON`);
  }
}

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export function loadPlans(path = `${CONFIG_DIR}plans.json`): PlanTable {
  const raw = readJson(path) as Record<string, Partial<Plan>>;
  for (const name of PLAN_NAMES) {
    const plan = raw[name];
    assert(plan, `plan "${name}" is missing`);
    assert(isCount(plan.concurrency) && plan.concurrency > 0, `${name}.concurrency must be a positive integer`);
    assert(isCount(plan.burst) && plan.burst > 0, `${name}.burst must be a positive integer`);
    assert(plan.dailyLimit === null || isCount(plan.dailyLimit), `${name}.dailyLimit must be an integer or null`);
    assert(isCount(plan.priority) && plan.priority > 0, `${name}.priority must be a positive integer`);
  }
  return raw as unknown as PlanTable;
}

export function loadPricing(path = `${CONFIG_DIR}pricing.json`): PriceTable {
  const raw = readJson(path) as PriceTable;
  for (const tier of ['standard', 'premium'] as const) {
    assert(isCount(raw.crawl?.base?.[tier]?.js) && isCount(raw.crawl.base[tier].noJs), `crawl.base.${tier} needs js and noJs counts`);
  }
  assert(isCount(raw.crawl.imagesSurcharge), 'crawl.imagesSurcharge must be a count');
  assert(isCount(raw.crawl.aiQuerySurcharge), 'crawl.aiQuerySurcharge must be a count');
  assert(isCount(raw.crawl.cityMultiplier), 'crawl.cityMultiplier must be a count');
  (raw.crawl as { cacheHit?: number }).cacheHit ??= 1;
  assert(isCount(raw.crawl.cacheHit), 'crawl.cacheHit must be a count');
  assert(typeof raw.flat === 'object' && raw.flat !== null, 'flat must map job kinds to prices');
  for (const [kind, price] of Object.entries(raw.flat)) assert(isCount(price), `flat.${kind} must be a count`);
  return raw;
}

export function loadChatProfile(overridePath?: string): ChatProfile {
  const defaults = readJson(`${CONFIG_DIR}chat-profile.json`) as ChatProfile;
  const override = overridePath ? (readJson(overridePath) as Partial<ChatProfile>) : {};
  const profile = { ...defaults, ...override };
  for (const [key, value] of Object.entries(profile)) {
    if (key === 'settleMs') assert(isCount(value), 'settleMs must be a count of milliseconds');
    else assert(typeof value === 'string' && value.trim() !== '', `${key} must be a non-empty selector`);
  }
  return profile;
}

/** How a proxy URL is named in a start-up error: its position and scheme only, since its credentials are secrets. */
function proxyName(tier: string, index: number, url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  return `the ${tier} pool's proxy #${index + 1}${scheme ? ` (${scheme}://...)` : ''}`;
}

function assertProxyUrl(tier: string, url: string, index: number): void {
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\{(country|city|session)\}/g, 'x'));
  } catch {
    throw new Error(`${proxyName(tier, index, url)} is not a URL`);
  }
  assert(['http:', 'https:', 'socks5:', 'socks4:'].includes(parsed.protocol), `${proxyName(tier, index, url)} must be an http, https or socks proxy URL`);
}

export function loadProxyPools(input: { standard: string[]; premium: string[]; file?: string }): ProxyPools | null {
  let pools: Record<ProxyTier, ProxyPool> = { standard: { proxies: input.standard }, premium: { proxies: input.premium } };
  if (input.file) {
    const raw = readPoolsFile(input.file);
    pools = {
      standard: raw.standard ?? pools.standard,
      premium: raw.premium ?? pools.premium,
    };
  }
  for (const pool of Object.values(pools)) assert(Array.isArray(pool?.proxies), 'PROXY_POOLS_FILE: each pool needs a "proxies" array');
  if (pools.standard.proxies.length === 0 && pools.premium.proxies.length === 0) return null;
  for (const [tier, pool] of Object.entries(pools)) pool.proxies.forEach((url, index) => assertProxyUrl(tier, url, index));
  return pools;
}
