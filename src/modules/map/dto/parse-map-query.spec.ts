import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../../common/errors/app-error.js';
import { loadConfig } from '../../../config/app-config.js';
import { NetworkPolicy } from '../../../infra/network/network-policy.js';
import { parseMapQuery } from './parse-map-query.js';

const policy = new NetworkPolicy(loadConfig({}), async () => ['93.184.216.34']);
const errorsOf = (query: Record<string, unknown>) => {
  try {
    parseMapQuery(query, policy);
    return {};
  } catch (error) {
    return error instanceof AppError ? (error.details.errors ?? {}) : { thrown: [String(error)] };
  }
};

describe('parseMapQuery (decisions 9.2)', () => {
  it('applies the defaults of GET /map: js false, ignore_query true, limit 5,000, path scope, sitemaps included', () => {
    expect(parseMapQuery({ url: 'https://example.com/docs/' }, policy)).toMatchObject({
      url: 'https://example.com/docs/',
      page: { js: false, images: false, adblock: true, waitUntil: 'networkidle0', userAgent: null },
      route: { tier: 'standard', country: null, city: null },
      limit: 5000, scope: 'path', includePaths: [], excludePaths: [], sitemap: 'include', ignoreQuery: true,
    });
  });

  it('reads every parameter', () => {
    const parsed = parseMapQuery({
      url: 'https://example.com/', limit: '30000', scope: 'domain', include_paths: '/a/**,/b/*', exclude_paths: '/a/x',
      sitemap: 'only', ignore_query: 'false', premium: 'true', js: 'TRUE', country: 'de', user_agent: 'Bot/1',
    }, policy);
    expect(parsed).toMatchObject({
      limit: 30000, scope: 'domain', includePaths: ['/a/**', '/b/*'], excludePaths: ['/a/x'], sitemap: 'only', ignoreQuery: false,
      route: { tier: 'premium', country: 'de' }, page: { js: true, userAgent: 'Bot/1' },
    });
  });

  it('names every bad parameter in one 422', () => {
    expect(Object.keys(errorsOf({ url: 'https://example.com/', limit: '0', scope: 'site', include_paths: 'a', ai_query: 'x' })).sort())
      .toEqual(['ai_query', 'include_paths', 'limit', 'scope']);
    expect(Object.keys(errorsOf({ url: 'https://example.com/', limit: '30001' }))).toEqual(['limit']);
    expect(Object.keys(errorsOf({ url: 'https://example.com/', limit: '2.5' }))).toEqual(['limit']);
    expect(Object.keys(errorsOf({}))).toEqual(['url']);
    expect(Object.keys(errorsOf({ url: 'ftp://example.com/' }))).toEqual(['url']);
  });
});
