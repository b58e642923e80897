import { createHash, randomBytes } from 'node:crypto';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import type { ProxyTier } from '../../config/json-files.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { CITY_NAME, COUNTRY_CODE } from '../../common/validation/geography.js';
import { InjectRedis } from '../redis/redis.module.js';
import { ProxyProbe } from './proxy-probe.js';
import type { ProxyRoute } from './proxy-route.js';
import { targetedCity } from './targeted-city.js';

export interface RouteTarget {
  country?: string | null;
  city?: string | null;
}

export interface ProxyHealth {
  readonly tier: ProxyTier;
  readonly proxy: string;
  readonly up: boolean;
}

const TIERS: readonly ProxyTier[] = ['standard', 'premium'];

interface ProxyTemplate {
  server: string;
  username: string;
  password: string;
}

/** The built-in route's server: a name, not an address; nothing connects to it. */
export const BUILTIN_SERVER = 'builtin:';
const SET_ASIDE_MS = 60_000;

/** Why a proxy was set aside: a connection failure ends when a newer check connects; an auth refusal only expires. */
export type ProxyFault = 'connect' | 'auth';
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443', 'socks4:': '1080', 'socks5:': '1080' };

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function parseTemplate(raw: string): ProxyTemplate {
  // URL() percent-encodes the braces of the placeholders in the user name and password; decode gives them back.
  const url = new URL(raw);
  const port = url.port || DEFAULT_PORTS[url.protocol] || '80';
  return { server: `${url.protocol}//${url.hostname}:${port}`, username: decode(url.username), password: decode(url.password) };
}

function fill(text: string, values: Record<'country' | 'city' | 'session', string>): string {
  return text.replace(/\{(country|city|session)\}/g, (_, name: keyof typeof values) => values[name]);
}

/** True when the template pastes a value the caller chose (country or city) into the credentials. */
function carriesCallerGeography(template: ProxyTemplate, geo: Pick<ProxyRoute, 'country' | 'city'>): boolean {
  const credentials = `${template.username}:${template.password}`;
  return (geo.country !== null && credentials.includes('{country}')) || (geo.city !== null && credentials.includes('{city}'));
}

function routeId(tier: ProxyTier, server: string, username = ''): string {
  return createHash('sha256').update(`${tier}|${server}|${username}`).digest('hex').slice(0, 16);
}

function unavailable(tier: ProxyTier): AppError {
  return new AppError(ErrorCode.ProxyPoolUnavailable, `No proxy of the ${tier} pool is available; nothing was charged. Retry later.`);
}

/** Picks a proxy per job: round robin over a tier's pool, skipping proxies set aside (shared by every replica through Redis). */
@Injectable()
export class ProxyPoolService implements OnModuleInit {
  private readonly logger = new Logger(ProxyPoolService.name);
  private readonly templates: Record<ProxyTier, ProxyTemplate[]>;
  private readonly cursors: Record<ProxyTier, number> = { standard: 0, premium: 0 };
  /** Replaceable in tests, where the pools name ports nothing listens on. */
  protected probe: ProxyProbe;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectRedis() private readonly redis: Redis,
  ) {
    const pools = config.proxyPools;
    this.templates = {
      standard: (pools?.standard.proxies ?? []).map(parseTemplate),
      premium: (pools?.premium.proxies ?? []).map(parseTemplate),
    };
    this.probe = new ProxyProbe(config.proxyCheckTtlMs);
  }

  onModuleInit(): void {
    if (!this.config.proxyPools) {
      this.logger.warn('No proxy pool is configured: the built-in egress proxy serves both tiers (no geotargeting beyond echo).');
    }
  }

  async select(tier: ProxyTier, target: RouteTarget = {}, exclude: readonly string[] = []): Promise<ProxyRoute> {
    const country = this.checkCountry(target.country);
    const city = target.city ? this.validateCity(tier, country, target.city) : null;
    if (!this.config.proxyPools) return this.builtinRoute(tier, country, city);
    const templates = this.templates[tier];
    const down = await this.setAside(tier);
    // `{session}`: a new id on every pick (decisions 7.1), so each job has its own session.
    const values = { country: country ?? '', city: city ?? '', session: randomBytes(8).toString('hex') };
    for (let step = 0; step < templates.length; step++) {
      const index = (this.cursors[tier] + step) % templates.length;
      if (down[index]) continue;
      const route = this.fillRoute(tier, index, values, { country, city });
      if (exclude.includes(route.id)) continue;
      this.cursors[tier] = index + 1;
      return route;
    }
    throw unavailable(tier);
  }

  /**
   * For the API before it charges: the tier has a proxy that accepted a connection in a check at most
   * PROXY_CHECK_TTL_MS old and is not set aside for an auth refusal. A proxy set aside for a connection failure
   * that a newer check reaches is taken back at once.
   */
  async assertAvailable(tier: ProxyTier): Promise<void> {
    if (!this.config.proxyPools) return;
    const faults = await this.faults(tier);
    const usable = await Promise.all(this.templates[tier].map((template, index) => this.usable(tier, index, template.server, faults[index])));
    if (!usable.some(Boolean)) throw unavailable(tier);
  }

  /**
   * After a job's proxy failed: true while some proxy of the tier is not set aside and accepts a connection checked now;
   * false means the pool died (decisions 8.4). A proxy that cut the job's connection is not set aside (a target can do
   * that too), and it may have died since admission's check: what the relay's refusal found of the proxy it set aside,
   * a check now finds of each other proxy.
   */
  async inService(tier: ProxyTier): Promise<boolean> {
    if (!this.config.proxyPools) return true;
    const down = await this.setAside(tier);
    const now = Date.now();
    const answering = await Promise.all(this.templates[tier].map(async (template, index) => !down[index] && (await this.probe.status(template.server, now)).up));
    return answering.some(Boolean);
  }

  /** Sets the proxy aside for a minute in every replica (the relay's verdict); the built-in proxy is never set aside. */
  async markFailed(route: ProxyRoute, fault: ProxyFault = 'connect'): Promise<void> {
    if (route.builtin) return;
    await this.redis.set(this.downKey(route.tier, route.sourceIndex), `${fault}:${Date.now()}`, 'PX', SET_ASIDE_MS);
  }

  /** A dial's verdict that the proxy failed itself (upstream-tunnel.ts proxyFaultOf): logged, and set aside; never throws. */
  reportFault(route: ProxyRoute, reason: string, fault: ProxyFault): void {
    this.logger.warn(`Proxy ${route.tier}#${route.sourceIndex} failed: ${reason}; set aside`);
    void this.markFailed(route, fault).catch((error: unknown) => this.logger.error(`Proxy ${route.tier}#${route.sourceIndex} could not be set aside: ${String(error)}`));
  }

  private async usable(tier: ProxyTier, index: number, server: string, fault: string | null): Promise<boolean> {
    const [kind, since] = (fault ?? '').split(':');
    if (kind === 'auth') return false;
    const check = await this.probe.status(server);
    if (!check.up) return false;
    if (!fault) return true;
    if (check.at <= Number(since)) return false;
    await this.redis.del(this.downKey(tier, index));
    return true;
  }

  /** 422 on `city` when the pool lists the country's cities and this is not one; returns the pool's spelling. */
  validateCity(tier: ProxyTier, country: string | null, city: string): string {
    if (!country) throw AppError.field('city', 'A city requires a country.');
    if (!CITY_NAME.test(city)) throw AppError.field('city', 'A city has only ASCII letters, digits, hyphens and underscores.');
    const targeted = targetedCity(this.config.proxyPools, tier, country, city);
    if (targeted === undefined) throw AppError.field('city', `The ${tier} pool offers no city "${city}" in ${country.toUpperCase()}.`);
    return targeted;
  }

  /**
   * Every proxy of both tiers and whether it is usable now (metrics), by the verdict admission reads (assertAvailable):
   * not set aside, and reached by a recent connection check. The built-in proxy is always up.
   */
  async health(): Promise<ProxyHealth[]> {
    if (!this.config.proxyPools) return TIERS.map((tier) => ({ tier, proxy: 'builtin', up: true }));
    const health: ProxyHealth[] = [];
    for (const tier of TIERS) {
      const faults = await this.faults(tier);
      const usable = await Promise.all(this.templates[tier].map((template, index) => this.usable(tier, index, template.server, faults[index])));
      const seen = new Set<string>();
      this.templates[tier].forEach((template, index) => {
        // The server without credentials names the proxy; a second entry on the same server gets its position too.
        const proxy = seen.has(template.server) ? `${template.server}#${index}` : template.server;
        seen.add(template.server);
        health.push({ tier, proxy, up: usable[index] });
      });
    }
    return health;
  }

  private checkCountry(country: string | null | undefined): string | null {
    if (!country) return null;
    if (!COUNTRY_CODE.test(country)) throw AppError.field('country', 'The country must be an officially assigned ISO 3166-1 alpha-2 code (GB, not UK).');
    return country.toLowerCase();
  }

  private fillRoute(
    tier: ProxyTier,
    index: number,
    values: Record<'country' | 'city' | 'session', string>,
    geo: Pick<ProxyRoute, 'country' | 'city'>,
  ): ProxyRoute {
    const template = this.templates[tier][index];
    const username = fill(template.username, values) || undefined;
    const password = fill(template.password, values) || undefined;
    const id = routeId(tier, template.server, template.username);
    const callerCredentials = carriesCallerGeography(template, geo);
    return { id, tier, server: template.server, username, password, ...geo, callerCredentials, builtin: false, sourceIndex: index };
  }

  /** No upstream: the worker's relay connects to the addresses the network policy checked. */
  private builtinRoute(tier: ProxyTier, country: string | null, city: string | null): ProxyRoute {
    return { id: routeId(tier, 'builtin'), tier, server: BUILTIN_SERVER, country, city, callerCredentials: false, builtin: true, sourceIndex: 0 };
  }

  /** One flag per proxy of the tier: true when set aside. */
  private async setAside(tier: ProxyTier): Promise<boolean[]> {
    return (await this.faults(tier)).map((value) => value !== null);
  }

  /** One entry per proxy of the tier: `<fault>:<epoch ms>` while set aside, else null. */
  private async faults(tier: ProxyTier): Promise<Array<string | null>> {
    const count = this.templates[tier].length;
    if (count === 0) return [];
    return this.redis.mget(Array.from({ length: count }, (_, index) => this.downKey(tier, index)));
  }

  private downKey(tier: ProxyTier, index: number): string {
    return `crawlgate:proxy:down:${tier}:${index}`;
  }
}
