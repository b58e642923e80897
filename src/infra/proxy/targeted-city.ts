import type { ProxyPools, ProxyTier } from '../../config/json-files.js';

/**
 * The city a route targets, as the proxy is given it: the pool's own spelling when the pool lists the country's cities
 * (undefined when this city is not among them), else the caller's, lower-cased (the parameter is case-insensitive).
 * The one owner of that spelling: the proxy user name and the crawl envelope's `city` echo both read it.
 */
export function targetedCity(pools: ProxyPools | null, tier: ProxyTier, country: string, city: string): string | undefined {
  const cities = Object.entries(pools?.[tier].cities ?? {}).find(([code]) => code.toLowerCase() === country.toLowerCase())?.[1];
  if (!cities) return city.toLowerCase();
  return cities.find((name) => name.toLowerCase() === city.toLowerCase());
}
