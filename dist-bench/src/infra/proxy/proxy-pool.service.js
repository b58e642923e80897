var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
var ProxyPoolService_1;
import { createHash, randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { InjectConfig } from '../../config/config.module.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { InjectRedis } from '../redis/redis.module.js';
import { EgressProxy } from './egress-proxy.js';
const SET_ASIDE_MS = 60_000;
const DEFAULT_PORTS = { 'http:': '80', 'https:': '443', 'socks4:': '1080', 'socks5:': '1080' };
const COUNTRY = /^[a-z]{2}$/i;
const CITY = /^[\p{L}\p{N}_-]+$/u;
function decode(text) {
    try {
        return decodeURIComponent(text);
    }
    catch {
        return text;
    }
}
function parseTemplate(raw) {
    // URL() percent-encodes the braces of the placeholders in the user name and password; decode gives them back.
    const url = new URL(raw);
    const port = url.port || DEFAULT_PORTS[url.protocol] || '80';
    return { server: `${url.protocol}//${url.hostname}:${port}`, username: decode(url.username), password: decode(url.password) };
}
function fill(text, values) {
    return text.replace(/\{(country|city|session)\}/g, (_, name) => values[name]);
}
function routeId(tier, server, username = '') {
    return createHash('sha256').update(`${tier}|${server}|${username}`).digest('hex').slice(0, 16);
}
function unavailable(tier) {
    return new AppError(ErrorCode.ProxyPoolUnavailable, `No proxy of the ${tier} pool is available; nothing was charged. Retry later.`);
}
/** Picks a proxy per job: round robin over a tier's pool, skipping proxies set aside (shared by every replica through Redis). */
let ProxyPoolService = ProxyPoolService_1 = class ProxyPoolService {
    config;
    redis;
    egress;
    logger = new Logger(ProxyPoolService_1.name);
    templates;
    cursors = { standard: 0, premium: 0 };
    constructor(config, redis, egress) {
        this.config = config;
        this.redis = redis;
        this.egress = egress;
        const pools = config.proxyPools;
        this.templates = {
            standard: (pools?.standard.proxies ?? []).map(parseTemplate),
            premium: (pools?.premium.proxies ?? []).map(parseTemplate),
        };
    }
    onModuleInit() {
        if (!this.config.proxyPools) {
            this.logger.warn('No proxy pool is configured: the built-in egress proxy serves both tiers (no geotargeting beyond echo).');
        }
    }
    async select(tier, target = {}, exclude = []) {
        const country = this.checkCountry(target.country);
        const city = target.city ? this.validateCity(tier, country, target.city) : null;
        if (!this.config.proxyPools)
            return this.builtinRoute(tier, country, city);
        const templates = this.templates[tier];
        const down = await this.setAside(tier);
        const values = { country: country ?? '', city: city ?? '', session: target.session || randomBytes(8).toString('hex') };
        for (let step = 0; step < templates.length; step++) {
            const index = (this.cursors[tier] + step) % templates.length;
            if (down[index])
                continue;
            const route = this.fillRoute(tier, index, values, { country, city });
            if (exclude.includes(route.id))
                continue;
            this.cursors[tier] = index + 1;
            return route;
        }
        throw unavailable(tier);
    }
    /** The same check as select, without choosing: for the API before it charges. */
    async assertAvailable(tier) {
        if (!this.config.proxyPools)
            return;
        const down = await this.setAside(tier);
        if (down.length === 0 || down.every(Boolean))
            throw unavailable(tier);
    }
    /** Sets the proxy aside for a minute in every replica; the built-in proxy is never set aside. */
    async markFailed(route) {
        if (route.builtin)
            return;
        await this.redis.set(this.downKey(route.tier, route.sourceIndex), '1', 'PX', SET_ASIDE_MS);
    }
    /** 422 on `city` when the pool lists the country's cities and this is not one; returns the pool's spelling. */
    validateCity(tier, country, city) {
        if (!country)
            throw AppError.field('city', 'A city requires a country.');
        if (!CITY.test(city))
            throw AppError.field('city', 'A city has only letters, digits, hyphens and underscores.');
        const cities = Object.entries(this.config.proxyPools?.[tier].cities ?? {}).find(([code]) => code.toLowerCase() === country)?.[1];
        if (!cities)
            return city.toLowerCase();
        const match = cities.find((name) => name.toLowerCase() === city.toLowerCase());
        if (!match)
            throw AppError.field('city', `The ${tier} pool offers no city "${city}" in ${country.toUpperCase()}.`);
        return match;
    }
    checkCountry(country) {
        if (!country)
            return null;
        if (!COUNTRY.test(country))
            throw AppError.field('country', 'The country must be a two-letter ISO 3166-1 code.');
        return country.toLowerCase();
    }
    fillRoute(tier, index, values, geo) {
        const template = this.templates[tier][index];
        const username = fill(template.username, values) || undefined;
        const password = fill(template.password, values) || undefined;
        const id = routeId(tier, template.server, username);
        return { id, tier, server: template.server, username, password, ...geo, builtin: false, sourceIndex: index };
    }
    async builtinRoute(tier, country, city) {
        const server = await this.egress.start();
        return { id: routeId(tier, 'builtin'), tier, server, country, city, builtin: true, sourceIndex: 0 };
    }
    /** One flag per proxy of the tier: true when set aside. */
    async setAside(tier) {
        const count = this.templates[tier].length;
        if (count === 0)
            return [];
        const keys = Array.from({ length: count }, (_, index) => this.downKey(tier, index));
        return (await this.redis.mget(keys)).map((value) => value !== null);
    }
    downKey(tier, index) {
        return `crawlgate:proxy:down:${tier}:${index}`;
    }
};
ProxyPoolService = ProxyPoolService_1 = __decorate([
    Injectable(),
    __param(0, InjectConfig()),
    __param(1, InjectRedis()),
    __metadata("design:paramtypes", [Object, Redis,
        EgressProxy])
], ProxyPoolService);
export { ProxyPoolService };
