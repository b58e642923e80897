import type { PriceTable, ProxyTier } from '../../config/json-files.js';

export interface CrawlPriceInput {
  readonly tier: ProxyTier;
  readonly js: boolean;
  readonly images: boolean;
  readonly aiQuery: boolean;
  readonly city: boolean;
}

/** GET /crawl: base by pool and JS, + images, + question, all doubled by a city (decisions.md section 1). */
export function crawlPrice(table: PriceTable, input: CrawlPriceInput): number {
  const base = table.crawl.base[input.tier][input.js ? 'js' : 'noJs'];
  const surcharges = (input.images ? table.crawl.imagesSurcharge : 0) + (input.aiQuery ? table.crawl.aiQuerySurcharge : 0);
  return (base + surcharges) * (input.city ? table.crawl.cityMultiplier : 1);
}

/** decisions.md 9.6: a page answered from its stored copy: `cacheHit`, + the question; no pool, JS, images or city price. */
export function cacheHitPrice(table: PriceTable, input: { readonly aiQuery: boolean }): number {
  return table.crawl.cacheHit + (input.aiQuery ? table.crawl.aiQuerySurcharge : 0);
}

/** A flat-priced operation's price by job kind; a kind missing from config/pricing.json is a deployment error. */
export function flatPrice(table: PriceTable, kind: string): number {
  const price = table.flat[kind];
  if (price === undefined) throw new Error(`config/pricing.json has no flat price for "${kind}"`);
  return price;
}
