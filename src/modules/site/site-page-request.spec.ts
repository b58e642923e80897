import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../config/app-config.js';
import { MAX_DISCOVERY_LINKS, MAX_LINKS } from '../../infra/content/links.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { describePage } from '../../infra/content/page-content.js';
import type { JobOutput } from '../jobs/operation.js';
import type { CrawlRequest } from '../crawl/crawl-data.js';
import { parseSiteQuery } from './dto/parse-site-query.js';
import { donePage, linksOf } from './page-record.js';
import { pageRequestFor } from './site-request.js';
import type { SiteRequest } from './site-request.js';

const URL_ = 'https://docs.example/start';
// 1,000 links off the site first, then two of its own: decisions 9.1 takes 1,000 links, it does not read only 1,000.
const PAGE = `<html><body>${Array.from({ length: 1000 }, (_, i) => `<a href="https://elsewhere.example/${i}">o</a>`).join('')}<a href="/in1">a</a><a href="/in2">b</a></body></html>`;
const request = { format: 'markdown' as const, mainContent: false, includeSelectors: [], excludeSelectors: [] };

describe("a site crawl reads all of a page's links, and records 8.1's 1,000", () => {
  it('asks its pages for discovery\'s links (pageRequestFor), the rest of the page options as they were', () => {
    const page = { url: URL_, content: { format: 'markdown', mainContent: null, includeSelectors: [], excludeSelectors: [], output: 'json' } } as unknown as CrawlRequest;
    expect(pageRequestFor({ page } as SiteRequest, 'https://docs.example/other')).toEqual({
      url: 'https://docs.example/other', content: { ...page.content, maxLinks: MAX_DISCOVERY_LINKS },
    });
  });

  it('finds the links past the first 1,000 for discovery (linksOf) and keeps 8.1\'s first 1,000 in the page record', () => {
    const described = describePage(PAGE, URL_, { ...request, maxLinks: MAX_DISCOVERY_LINKS });
    expect(describePage(PAGE, URL_, request).links).toHaveLength(MAX_LINKS);
    const output: JobOutput = { type: 'data', data: { data: {}, page: described }, targetStatus: 200, finalUrl: URL_ };
    expect(linksOf(output).slice(-2)).toEqual(['https://docs.example/in1', 'https://docs.example/in2']);
    const record = donePage(output, 1, false);
    expect(JSON.parse(record.links!)).toHaveLength(MAX_LINKS);
  });
});

describe('parseSiteQuery: webhook_events', () => {
  const policy = new NetworkPolicy(loadConfig({ ALLOW_PRIVATE_TARGETS: 'true' }));
  it('is finished alone by default, and page events with `page,finished` written in either order; anything else is 422', () => {
    const events = (value?: string) => parseSiteQuery({ url: URL_, ...(value === undefined ? {} : { webhook_events: value }) }, policy, 100).pageEvents;
    expect([events(), events('finished'), events('page,finished'), events('finished,page')]).toEqual([false, false, true, true]);
    for (const bad of ['page', 'finished,finished', 'page,finished,page']) {
      expect(() => events(bad)).toThrow(expect.objectContaining({ code: 'validation_failed' }));
    }
  });
});

describe('parseSiteQuery: the default limit', () => {
  const policy = new NetworkPolicy(loadConfig({ ALLOW_PRIVATE_TARGETS: 'true' }));
  it('is 100, or SITE_MAX_PAGES when that is smaller (the largest limit, decisions 9.8)', () => {
    expect(parseSiteQuery({ url: URL_ }, policy, 10_000).limit).toBe(100);
    expect(parseSiteQuery({ url: URL_ }, policy, 30).limit).toBe(30);
    expect(parseSiteQuery({ url: URL_, limit: '20' }, policy, 30).limit).toBe(20);
  });
});
