import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPricing } from '../../config/json-files.js';
import { cacheHitPrice, crawlPrice, flatPrice } from './price-table.js';

const table = loadPricing();

// Every combination of pool x js x images x ai_query x city, computed by hand from decisions.md section 1.
const CASES: Array<[tier: 'standard' | 'premium', js: boolean, images: boolean, ai: boolean, city: boolean, price: number]> = [
  ['standard', false, false, false, false, 1], ['standard', false, false, false, true, 2],
  ['standard', false, false, true, false, 6], ['standard', false, false, true, true, 12],
  ['standard', false, true, false, false, 3], ['standard', false, true, false, true, 6],
  ['standard', false, true, true, false, 8], ['standard', false, true, true, true, 16],
  ['standard', true, false, false, false, 5], ['standard', true, false, false, true, 10],
  ['standard', true, false, true, false, 10], ['standard', true, false, true, true, 20],
  ['standard', true, true, false, false, 7], ['standard', true, true, false, true, 14],
  ['standard', true, true, true, false, 12], ['standard', true, true, true, true, 24],
  ['premium', false, false, false, false, 10], ['premium', false, false, false, true, 20],
  ['premium', false, false, true, false, 15], ['premium', false, false, true, true, 30],
  ['premium', false, true, false, false, 12], ['premium', false, true, false, true, 24],
  ['premium', false, true, true, false, 17], ['premium', false, true, true, true, 34],
  ['premium', true, false, false, false, 25], ['premium', true, false, false, true, 50],
  ['premium', true, false, true, false, 30], ['premium', true, false, true, true, 60],
  ['premium', true, true, false, false, 27], ['premium', true, true, false, true, 54],
  ['premium', true, true, true, false, 32], ['premium', true, true, true, true, 64],
];

describe('crawlPrice', () => {
  it.each(CASES)('%s js=%s images=%s ai=%s city=%s costs %i', (tier, js, images, aiQuery, city, price) => {
    expect(crawlPrice(table, { tier, js, images, aiQuery, city })).toBe(price);
  });

  it('matches the spec’s known points', () => {
    expect(crawlPrice(table, { tier: 'standard', js: false, images: false, aiQuery: false, city: false })).toBe(1);
    expect(crawlPrice(table, { tier: 'premium', js: true, images: false, aiQuery: true, city: true })).toBe(60);
  });

  it('charges the flat operations 30', () => {
    expect([flatPrice(table, 'screenshot'), flatPrice(table, 'recipe'), flatPrice(table, 'chat')]).toEqual([30, 30, 30]);
    expect(() => flatPrice(table, 'unpriced')).toThrow('config/pricing.json has no flat price for "unpriced"');
  });
});

describe('cacheHitPrice (decisions.md 9.6)', () => {
  it('is cache_hit, plus the ai_query surcharge once, whatever the pool, JS, images or city', () => {
    expect(cacheHitPrice(table, { aiQuery: false })).toBe(1);
    expect(cacheHitPrice(table, { aiQuery: true })).toBe(6);
    expect(cacheHitPrice({ ...table, crawl: { ...table.crawl, cacheHit: 3 } }, { aiQuery: true })).toBe(8);
  });

  it('defaults cacheHit to 1 when config/pricing.json does not name it, and refuses a bad one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pricing-'));
    const raw = JSON.parse(readFileSync(join(process.cwd(), 'config', 'pricing.json'), 'utf8')) as { crawl: Record<string, unknown> };
    delete raw.crawl.cacheHit;
    writeFileSync(join(dir, 'without.json'), JSON.stringify(raw));
    expect(loadPricing(join(dir, 'without.json')).crawl.cacheHit).toBe(1);
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...raw, crawl: { ...raw.crawl, cacheHit: -1 } }));
    expect(() => loadPricing(join(dir, 'bad.json'))).toThrow('crawl.cacheHit must be a count');
  });
});
