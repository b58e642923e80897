import type { Job } from '../../infra/database/entities/index.js';
import { robotsRules } from '../../infra/discovery/robots.js';
import { CrawlContext } from './crawl-context.js';
import type { SiteRequest } from './site-request.js';

const START = 'http://s.test/docs/';

function context(maxDepth = 10): CrawlContext {
  const request = {
    page: { url: START }, scope: 'host', includePaths: [], excludePaths: [], ignoreQuery: false,
    limit: 100_000, maxDepth, sitemap: 'include', delayMs: 0, maxCredits: null, pageEvents: false,
  } as unknown as SiteRequest;
  return new CrawlContext({ id: 'c1' } as Job, request, robotsRules({ status: 404, body: '' }, 'Crawlgate'));
}

describe('CrawlContext.classify (decisions.md 9.1)', () => {
  it('takes at most 1,000 links from one page, counting only links it takes: off-site and image links before them use none', () => {
    const offSite = Array.from({ length: 1000 }, (_, index) => `http://elsewhere.test/${index}`);
    const images = ['http://s.test/a.png', 'http://s.test/b.jpg'];
    const inSite = Array.from({ length: 1005 }, (_, index) => `http://s.test/docs/p${index}`);
    const { pages, skips } = context().classify([...offSite, ...images, ...inSite], 1, START);
    expect(pages).toHaveLength(1000);
    expect(pages[0].url).toBe('http://s.test/docs/p0');
    expect(pages[999].url).toBe('http://s.test/docs/p999');
    expect(skips.scope).toBeGreaterThanOrEqual(1000);
    expect(pages.some((page) => /\.(png|jpg)$/.test(page.url))).toBe(false);
  });

  it('counts a link the page repeats (by key) as a duplicate, as GET /map does', () => {
    const { pages, skips } = context().classify(['http://s.test/docs/a', 'http://s.test/docs/a#top', 'http://s.test/docs/b'], 1, START);
    expect([pages.map((page) => page.url), skips.duplicate]).toEqual([['http://s.test/docs/a', 'http://s.test/docs/b'], 1]);
  });

  it('takes no URL the service refuses on GET /crawl: one with a user name and password is out of scope (Z22 F8)', () => {
    const { pages, skips } = context().classify(['http://user:pw@s.test/docs/a', 'http://s.test/docs/b'], 1, START);
    expect([pages.map((page) => page.url), skips.scope]).toEqual([['http://s.test/docs/b'], 1]);
    expect(context().refusedHop('http://user:pw@s.test/docs/a')).toBe('scope');
  });

  it('takes every sitemap URL (their own bounds are 50,000 URLs), not only the first 1,000', () => {
    const urls = Array.from({ length: 2500 }, (_, index) => `http://s.test/docs/s${index}`);
    expect(context().classify(urls, 1, null).pages).toHaveLength(2500);
  });
});
