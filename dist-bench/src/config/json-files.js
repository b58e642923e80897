import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
export const PLAN_NAMES = ['free', 'lite', 'standard', 'pro', 'enterprise'];
/** The project's `config/` folder: the nearest one above this file, whether run from src/, dist/ or a bench build. */
const CONFIG_DIR = findConfigDir(dirname(fileURLToPath(import.meta.url)));
function findConfigDir(from) {
    for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
        if (existsSync(join(dir, 'config', 'plans.json')))
            return join(dir, 'config') + sep;
    }
    throw new Error(`no config/plans.json above ${from}`);
}
function readJson(path) {
    return JSON.parse(readFileSync(path, 'utf8'));
}
const isCount = (value) => Number.isInteger(value) && value >= 0;
function assert(condition, message) {
    if (!condition)
        throw new Error(message);
}
export function loadPlans(path = `${CONFIG_DIR}plans.json`) {
    const raw = readJson(path);
    for (const name of PLAN_NAMES) {
        const plan = raw[name];
        assert(plan, `plan "${name}" is missing`);
        assert(isCount(plan.concurrency) && plan.concurrency > 0, `${name}.concurrency must be a positive integer`);
        assert(isCount(plan.burst) && plan.burst > 0, `${name}.burst must be a positive integer`);
        assert(plan.dailyLimit === null || isCount(plan.dailyLimit), `${name}.dailyLimit must be an integer or null`);
        assert(isCount(plan.priority) && plan.priority > 0, `${name}.priority must be a positive integer`);
    }
    return raw;
}
export function loadPricing(path = `${CONFIG_DIR}pricing.json`) {
    const raw = readJson(path);
    for (const tier of ['standard', 'premium']) {
        assert(isCount(raw.crawl?.base?.[tier]?.js) && isCount(raw.crawl.base[tier].noJs), `crawl.base.${tier} needs js and noJs counts`);
    }
    assert(isCount(raw.crawl.imagesSurcharge), 'crawl.imagesSurcharge must be a count');
    assert(isCount(raw.crawl.aiQuerySurcharge), 'crawl.aiQuerySurcharge must be a count');
    assert(isCount(raw.crawl.cityMultiplier), 'crawl.cityMultiplier must be a count');
    for (const kind of ['screenshot', 'recipe', 'chat'])
        assert(isCount(raw.flat?.[kind]), `flat.${kind} must be a count`);
    return raw;
}
export function loadChatProfile(overridePath) {
    const defaults = readJson(`${CONFIG_DIR}chat-profile.json`);
    const override = overridePath ? readJson(overridePath) : {};
    const profile = { ...defaults, ...override };
    for (const [key, value] of Object.entries(profile)) {
        if (key === 'settleMs')
            assert(isCount(value), 'settleMs must be a count of milliseconds');
        else
            assert(typeof value === 'string' && value.trim() !== '', `${key} must be a non-empty selector`);
    }
    return profile;
}
function assertProxyUrl(url) {
    let parsed;
    try {
        parsed = new URL(url.replace(/\{(country|city|session)\}/g, 'x'));
    }
    catch {
        throw new Error(`"${url}" is not a URL`);
    }
    assert(['http:', 'https:', 'socks5:', 'socks4:'].includes(parsed.protocol), `"${url}" must be an http, https or socks proxy URL`);
}
export function loadProxyPools(input) {
    let pools = { standard: { proxies: input.standard }, premium: { proxies: input.premium } };
    if (input.file) {
        const raw = readJson(input.file);
        pools = {
            standard: raw.standard ?? pools.standard,
            premium: raw.premium ?? pools.premium,
        };
    }
    if (pools.standard.proxies.length === 0 && pools.premium.proxies.length === 0)
        return null;
    for (const pool of Object.values(pools)) {
        assert(Array.isArray(pool.proxies), 'each pool needs a "proxies" array');
        pool.proxies.forEach(assertProxyUrl);
    }
    return pools;
}
