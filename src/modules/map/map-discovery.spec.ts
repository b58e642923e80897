import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import type { RobotsAnswer } from '../../infra/discovery/robots.js';
import { discoverSite, type MapSources } from './map-discovery.js';
import type { MapRequest } from './map-request.js';

const BASE = 'https://docs.example';

const request = (overrides: Partial<MapRequest> = {}): MapRequest => ({
  url: `${BASE}/guide/`,
  aiQuery: '',
  page: { js: false, images: false, adblock: true, waitUntil: 'load', viewport: { width: 1, height: 1, deviceScaleFactor: 1, isMobile: false, isLandscape: false, hasTouch: false }, userAgent: null },
  route: { tier: 'standard', country: null, city: null },
  limit: 5000,
  scope: 'path',
  includePaths: [],
  excludePaths: [],
  sitemap: 'include',
  ignoreQuery: true,
  ...overrides,
});

function sources(robots: RobotsAnswer, files: Record<string, string>, links: string[] = [], deadline = Date.now() + 60_000) {
  const read: string[] = [];
  const pages: string[] = [];
  /** When each request started, in order: robots.txt, the start page, each sitemap. */
  const starts: Array<{ what: string; at: number }> = [];
  const value: MapSources = {
    robotsToken: 'Crawlgate',
    robots: async (url) => (read.push(url), starts.push({ what: url, at: Date.now() }), robots),
    sitemap: async (url) => (read.push(url), starts.push({ what: url, at: Date.now() }), files[url] === undefined ? { status: 404, body: Buffer.alloc(0) } : { status: 200, body: Buffer.from(files[url]) }),
    pageLinks: async () => (pages.push('start'), starts.push({ what: 'start page', at: Date.now() }), links),
    deadline,
  };
  return { value, read, pages, starts };
}

describe('discoverSite (decisions 9.2)', () => {
  it("spaces robots.txt, the start page and each sitemap of a host by its Crawl-delay (9.1); another host's sitemap does not wait", async () => {
    const other = 'https://cdn.example';
    const robots = { status: 200, body: `User-agent: *\nCrawl-delay: 0.4\nSitemap: ${BASE}/a.txt\nSitemap: ${other}/b.txt\nSitemap: ${BASE}/c.txt\n` };
    const site = sources(robots, { [`${BASE}/a.txt`]: `${BASE}/guide/a`, [`${other}/b.txt`]: `${BASE}/guide/b`, [`${BASE}/c.txt`]: `${BASE}/guide/c` });
    const data = await discoverSite(request(), site.value);
    expect(data.links.map((link) => link.url)).toEqual([`${BASE}/guide/a`, `${BASE}/guide/b`, `${BASE}/guide/c`]);
    expect(data.truncated).toBe(false);
    const at = Object.fromEntries(site.starts.map(({ what, at: when }) => [what, when]));
    expect(site.starts.map(({ what }) => what)).toEqual([`${BASE}/robots.txt`, 'start page', `${BASE}/a.txt`, `${other}/b.txt`, `${BASE}/c.txt`]);
    expect(at['start page'] - at[`${BASE}/robots.txt`]).toBeGreaterThanOrEqual(390);
    expect(at[`${BASE}/a.txt`] - at['start page']).toBeGreaterThanOrEqual(390);
    expect(at[`${other}/b.txt`] - at[`${BASE}/a.txt`]).toBeLessThan(300);
    expect(at[`${BASE}/c.txt`] - at[`${BASE}/a.txt`]).toBeGreaterThanOrEqual(390);
  });

  it('leaves out a sitemap whose Crawl-delay turn comes past the deadline, and says truncated', async () => {
    const robots = { status: 200, body: `User-agent: *\nCrawl-delay: 0.5\nSitemap: ${BASE}/a.txt\n` };
    const site = sources(robots, { [`${BASE}/a.txt`]: `${BASE}/guide/a` }, [`${BASE}/guide/p`], Date.now() + 700);
    const data = await discoverSite(request(), site.value);
    expect(site.starts.map(({ what }) => what)).toEqual([`${BASE}/robots.txt`, 'start page']);
    expect(data).toMatchObject({ links: [{ url: `${BASE}/guide/p`, source: 'page' }], sitemaps: [], truncated: true });
  });

  it('reads /sitemap.xml when robots.txt names none, sitemap links first, then the page links', async () => {
    const site = sources({ status: 404, body: '' }, { [`${BASE}/sitemap.xml`]: `${BASE}/guide/a\n${BASE}/guide/b\n` }, [`${BASE}/guide/c`, `${BASE}/guide/a`]);
    const data = await discoverSite(request(), site.value);
    expect(data).toEqual({
      links: [
        { url: `${BASE}/guide/a`, source: 'sitemap', lastmod: null },
        { url: `${BASE}/guide/b`, source: 'sitemap', lastmod: null },
        { url: `${BASE}/guide/c`, source: 'page', lastmod: null },
      ],
      sitemaps: [`${BASE}/sitemap.xml`],
      skipped: { robots: 0, scope: 0, excluded: 0, duplicate: 1 },
      truncated: false,
    });
    expect(site.read).toEqual([`${BASE}/robots.txt`, `${BASE}/sitemap.xml`]);
  });

  it('resolves a relative Sitemap line against robots.txt, drops an unusable one, and reads /sitemap.xml when none is left (9.1)', async () => {
    const relative = sources({ status: 200, body: 'Sitemap: /sm.txt\n' }, { [`${BASE}/sm.txt`]: `${BASE}/guide/r` });
    expect(await discoverSite(request({ sitemap: 'only' }), relative.value)).toMatchObject({ sitemaps: [`${BASE}/sm.txt`], links: [{ url: `${BASE}/guide/r` }] });
    const unusable = sources({ status: 200, body: 'Sitemap: http://[bad/\nSitemap: ftp://docs.example/s.xml\n' }, { [`${BASE}/sitemap.xml`]: `${BASE}/guide/f` });
    expect(await discoverSite(request({ sitemap: 'only' }), unusable.value)).toMatchObject({ sitemaps: [`${BASE}/sitemap.xml`], links: [{ url: `${BASE}/guide/f` }] });
    expect(unusable.read).toEqual([`${BASE}/robots.txt`, `${BASE}/sitemap.xml`]);
  });

  it('refuses the start URL robots.txt disallows with a 422 on url, before reading anything else', async () => {
    const site = sources({ status: 200, body: 'User-agent: crawlgate\nDisallow: /guide/\n' }, {});
    const refusal = await discoverSite(request(), site.value).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).message).toBe(`robots.txt disallows ${BASE}/guide/ for Crawlgate.`);
    expect((refusal as AppError).details.errors).toEqual({ url: [`robots.txt disallows ${BASE}/guide/ for Crawlgate.`] });
    expect(site.read).toEqual([`${BASE}/robots.txt`]);
    expect(site.pages).toEqual([]);
  });

  it('refuses everything when robots.txt is unreachable or 5xx', async () => {
    await expect(discoverSite(request(), sources('unreachable', {}).value)).rejects.toThrow('robots.txt disallows');
    await expect(discoverSite(request(), sources({ status: 502, body: '' }, {}).value)).rejects.toThrow('robots.txt disallows');
  });

  it('sitemap=skip reads no sitemap; sitemap=only never opens the page', async () => {
    const skip = sources({ status: 404, body: '' }, {}, [`${BASE}/guide/x`]);
    expect((await discoverSite(request({ sitemap: 'skip' }), skip.value)).links).toHaveLength(1);
    expect(skip.read).toEqual([`${BASE}/robots.txt`]);
    const only = sources({ status: 200, body: `Sitemap: ${BASE}/s.txt\n` }, { [`${BASE}/s.txt`]: `${BASE}/guide/y` });
    expect((await discoverSite(request({ sitemap: 'only' }), only.value)).links.map((link) => link.source)).toEqual(['sitemap']);
    expect(only.pages).toEqual([]);
  });

  it('takes 1,000 links of the start page, counting only those in scope: off-site links before them use none (9.1)', async () => {
    const offSite = Array.from({ length: 1000 }, (_, index) => `https://elsewhere.example/${index}`);
    const inScope = Array.from({ length: 1002 }, (_, index) => `${BASE}/guide/p${index}`);
    const data = await discoverSite(request({ sitemap: 'skip' }), sources({ status: 404, body: '' }, {}, [...offSite, ...inScope]).value);
    expect(data.links).toHaveLength(1000);
    expect(data.links[0].url).toBe(`${BASE}/guide/p0`);
    expect(data.skipped.scope).toBe(1000);
  });

  it('cuts at limit and still counts what it skipped', async () => {
    const site = sources({ status: 404, body: '' }, {}, [`${BASE}/guide/1`, `${BASE}/guide/2`, `${BASE}/other`, `${BASE}/guide/3`]);
    const data = await discoverSite(request({ limit: 1, sitemap: 'skip' }), site.value);
    expect(data.links.map((link) => link.url)).toEqual([`${BASE}/guide/1`]);
    expect(data).toMatchObject({ truncated: true, skipped: { robots: 0, scope: 1, excluded: 0, duplicate: 0 } });
  });
});
