import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../config/app-config.js';
import type { ProxyPools } from '../../config/json-files.js';
import { targetedCity } from '../../infra/proxy/targeted-city.js';
import type { LlmClient } from '../../infra/llm/llm.client.js';
import { jobView } from '../../../test/factories/job-view.factory.js';
import type { PageCacheService } from '../page-cache/page-cache.service.js';
import type { CrawlRequest } from './crawl-data.js';
import { CrawlOperation } from './crawl.operation.js';

const POOLS: ProxyPools = {
  standard: { proxies: ['http://u-{country}-{city}@127.0.0.1:8001'], cities: { us: ['New_York', 'Chicago'] } },
  premium: { proxies: ['http://127.0.0.1:8002'] },
};

describe('targetedCity: the city as the proxy is given it', () => {
  it("is the pool's spelling where it lists the country's cities, whatever the caller's case; undefined for another city", () => {
    expect(['new_york', 'NEW_YORK', 'New_York'].map((city) => targetedCity(POOLS, 'standard', 'US', city))).toEqual(['New_York', 'New_York', 'New_York']);
    expect(targetedCity(POOLS, 'standard', 'us', 'Paris')).toBeUndefined();
  });

  it('is the caller\'s, lower-cased, where the pool lists none (another country, another tier, no pool file)', () => {
    expect([targetedCity(POOLS, 'standard', 'fr', 'Paris'), targetedCity(POOLS, 'premium', 'us', 'New_York'), targetedCity(null, 'standard', 'us', 'New_York')])
      .toEqual(['paris', 'new_york', 'new_york']);
  });
});

describe('the crawl envelope echoes the city actually targeted (service-spec, crawl envelope)', () => {
  const operation = new CrawlOperation({ proxyPools: POOLS } as AppConfig, {} as LlmClient, {} as PageCacheService);
  const echo = (route: { tier: 'standard' | 'premium'; country: string | null; city: string | null }) => {
    const options = { url: 'https://shop.example/', aiQuery: '', page: { js: false }, route } as unknown as CrawlRequest;
    return (operation.envelope(jobView('crawl', options, { output: { type: 'data', data: null, targetStatus: 200 } })) as { city: string }).city;
  };

  it("says the pool's spelling when the pool lists the city, the parsed city otherwise, and '' without one", () => {
    expect(echo({ tier: 'standard', country: 'us', city: 'new_york' })).toBe('New_York');
    expect(echo({ tier: 'premium', country: 'us', city: 'new_york' })).toBe('new_york');
    expect(echo({ tier: 'standard', country: 'us', city: null })).toBe('');
  });
});
