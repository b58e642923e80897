import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization, getOrganization, ledger } from '../factories/organization.factory.js';
import { startMapSite, type MapSite } from '../fixtures/map-site.js';
import { startSiteFixture } from '../fixtures/site-fixture.js';
import { testEnv } from '../harness/env.js';
import { call, collect } from '../harness/http.js';

const env = testEnv();

let site: MapSite;
let down: MapSite;
let slowRobots: MapSite;
let org: { id: string; apiKey: string };

beforeAll(async () => {
  site = await startMapSite();
  down = await startMapSite({ robotsStatus: 503 });
  slowRobots = await startMapSite({ robotsDelayMs: 9000 });
  org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
});

afterAll(async () => {
  await site.close();
  await down.close();
  await slowRobots.close();
});

const balance = async () => (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
const at = (path: string) => `${site.url}${path}`;

/** The whole site at the defaults: every verdict of 9.1 once at least. */
const LINKS = () => [
  { url: at('/docs/'), source: 'sitemap', lastmod: '2026-01-01' },
  { url: at('/docs/intro'), source: 'sitemap', lastmod: '2026-01-02' },
  { url: at('/docs/guide?utm_source=news&ref=x'), source: 'sitemap', lastmod: null },
  { url: at('/docs/secret/open'), source: 'sitemap', lastmod: null },
  { url: at('/docs/api/v1'), source: 'sitemap', lastmod: '2026-02-03' },
  { url: at('/docs/faq'), source: 'sitemap', lastmod: null },
  { url: at('/docs/changelog'), source: 'page', lastmod: null },
  { url: at('/docs/tutorial'), source: 'page', lastmod: null },
];
// robots: /docs/secret/a, /docs/manual.pdf, /docs/secret/b; scope: /blog/post, other.example, /docs-old/page;
// excluded: /docs/old/page, /docs/logo.png, /docs/old/x; duplicate: /docs/index.html, /docs/guide?ref=x#part,
// /docs/intro?page=2, the page's /docs/intro and /docs/faq#q1.
const SKIPPED = { robots: 3, scope: 3, excluded: 3, duplicate: 5 };
const SITEMAPS = () => [at('/sitemap-index.xml'), at('/sitemaps/a.xml.gz'), at('/sitemaps/b.xml'), at('/extra.txt')];

describe('GET /map', () => {
  it('lists the sitemaps (index, gzip, text) then the page links, unique by key, 1 credit, robots.txt read as Crawlgate through the proxy', async () => {
    const before = await balance();
    const records = `${env.proxies.standard.controlUrl}`;
    await fetch(`${records}/reset`);
    const result = await call('/map', { key: org.apiKey, query: { url: at('/docs/'), exclude_paths: '/docs/old/**' } });
    expect(result.status).toBe(200);
    expect(result.headers.get('x-credits-charged')).toBe('1');
    expect(result.body).toEqual({
      url: at('/docs/'),
      domain: '127.0.0.1',
      credits_charged: 1,
      credits_remaining: before - 1,
      job_id: result.headers.get('x-job-id'),
      status: 'done',
      position: null,
      error: null,
      debug: null,
      data: { links: LINKS(), sitemaps: SITEMAPS(), skipped: SKIPPED, truncated: false },
    });
    expect(await balance()).toBe(before - 1);
    const robots = site.requests.filter((request) => request.path === '/robots.txt');
    expect(robots.at(-1)?.userAgent).toBe('Crawlgate');
    expect(site.requests.some((request) => request.path.startsWith('/docs/secret'))).toBe(false);
    // robots.txt and the sitemaps left through the job's proxy, as the page did.
    const carried = ((await (await fetch(`${records}/records`)).json()) as Array<{ port: number; path: string }>)
      .filter((record) => record.port === Number(new URL(site.url).port))
      .map((record) => record.path);
    expect(carried).toEqual(expect.arrayContaining(['/robots.txt', '/sitemap-index.xml', '/sitemaps/a.xml.gz', '/extra.txt', '/docs/']));
  });

  it('cuts at limit with truncated, the skipped counts whole', async () => {
    const result = await call('/map', { key: org.apiKey, query: { url: at('/docs/'), exclude_paths: '/docs/old/**', limit: '3' } });
    expect(result.body.data).toEqual({ links: LINKS().slice(0, 3), sitemaps: SITEMAPS(), skipped: SKIPPED, truncated: true });
  });

  it('sitemap=skip answers the page links, sitemap=only the sitemap ones; include_paths keep the start URL exempt', async () => {
    const skip = await call('/map', { key: org.apiKey, query: { url: at('/docs/'), sitemap: 'skip' } });
    expect(skip.body.data).toEqual({
      links: [
        { url: at('/docs/intro'), source: 'page', lastmod: null },
        { url: at('/docs/changelog'), source: 'page', lastmod: null },
        { url: at('/docs/faq'), source: 'page', lastmod: null },
        { url: at('/docs/old/x'), source: 'page', lastmod: null },
        { url: at('/docs/tutorial'), source: 'page', lastmod: null },
      ],
      sitemaps: [],
      skipped: { robots: 1, scope: 1, excluded: 0, duplicate: 0 },
      truncated: false,
    });
    const only = await call('/map', { key: org.apiKey, query: { url: at('/docs/'), sitemap: 'only', include_paths: '/docs/*/*', ignore_query: 'false' } });
    expect(only.body.data.links.map((link: { url: string }) => link.url)).toEqual([
      at('/docs/'), at('/docs/secret/open'), at('/docs/old/page'), at('/docs/api/v1'),
    ]);
    expect(only.body.data.skipped).toEqual({ robots: 1, scope: 2, excluded: 7, duplicate: 1 });
  });

  it('prices js=true as GET /crawl does (5 credits)', async () => {
    const before = await balance();
    const result = await call('/map', { key: org.apiKey, query: { url: at('/docs/'), sitemap: 'skip', js: 'true' } });
    expect(result.status).toBe(200);
    expect(result.body.credits_charged).toBe(5);
    expect(await balance()).toBe(before - 5);
  });

  it('answers 422 on url when robots.txt disallows the start URL, nothing charged (charge and refund in the ledger)', async () => {
    const before = await balance();
    const result = await call('/map', { key: org.apiKey, query: { url: at('/docs/secret/x') } });
    expect(result.status).toBe(422);
    expect(result.body).toEqual({
      message: `url: robots.txt disallows ${at('/docs/secret/x')} for Crawlgate.`,
      errors: { url: [`robots.txt disallows ${at('/docs/secret/x')} for Crawlgate.`] },
    });
    expect(await balance()).toBe(before);
    expect(site.requests.some((request) => request.path === '/docs/secret/x')).toBe(false);
    const { entries } = await ledger(env.baseUrl, env.adminToken, org.id);
    const refund = entries.find((entry) => entry.reason.includes('robots.txt'));
    expect(entries.filter((entry) => entry.job_id === refund?.job_id).map((entry) => entry.amount).sort()).toEqual([-1, 1]);
  });

  it('answers 422 when robots.txt answers 5xx: nothing is allowed', async () => {
    const before = await balance();
    const result = await call('/map', { key: org.apiKey, query: { url: `${down.url}/docs/` } });
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual({ url: [`robots.txt disallows ${down.url}/docs/ for Crawlgate.`] });
    expect(await balance()).toBe(before);
    expect(down.requests.map((request) => request.path)).toEqual(['/robots.txt']);
  });

  it('a robots.txt refusal found after the 202 is refunded by the worker and collected as the 422', async () => {
    const before = await balance();
    const accepted = await call('/map', { key: org.apiKey, query: { url: `${slowRobots.url}/docs/secret/x` } });
    expect(accepted.status).toBe(202);
    expect(accepted.body.credits_charged).toBe(1);
    expect(await balance()).toBe(before - 1);
    const collected = await collect(accepted.body.job_id, org.apiKey);
    expect(collected.status).toBe(422);
    expect(collected.body.errors).toEqual({ url: [`robots.txt disallows ${slowRobots.url}/docs/secret/x for Crawlgate.`] });
    expect(await balance()).toBe(before);
    const { entries } = await ledger(env.baseUrl, env.adminToken, org.id);
    expect(entries.filter((entry) => entry.job_id === accepted.body.job_id).map((entry) => entry.amount).sort()).toEqual([-1, 1]);
  });

  it("spaces robots.txt, the start page and the sitemap by robots.txt's Crawl-delay, end to start (decisions 9.1)", async () => {
    const polite = await startSiteFixture({ crawlDelay: 1 });
    try {
      const result = await call('/map', { key: org.apiKey, query: { url: polite.url } });
      expect([result.status, result.body.data.sitemaps]).toEqual([200, [`${polite.origin}/sitemap.xml`]]);
      const log = [...polite.log].sort((a, b) => a.start - b.start);
      expect(log.map((entry) => entry.path)).toEqual(['/robots.txt', '/docs/', '/sitemap.xml']);
      for (let i = 1; i < log.length; i++) expect(log[i].start - log[i - 1].end).toBeGreaterThanOrEqual(1000);
    } finally {
      await polite.close();
    }
  });

  it('answers 500 refunded when the start page fails', async () => {
    const before = await balance();
    const result = await call('/map', { key: org.apiKey, query: { url: at('/docs/broken') } });
    expect(result.status).toBe(500);
    expect(result.headers.get('x-error-code')).toBe('target_unreachable');
    expect(result.body).toMatchObject({ credits_charged: 0, credits_remaining: before, status: 'failed', data: null });
    expect(await balance()).toBe(before);
  });

  it('202s past the sync wait, collected at GET /crawl/{job}', async () => {
    const accepted = await call('/map', { key: org.apiKey, query: { url: at('/docs/slow'), sitemap: 'skip' } });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ credits_charged: 1, status: expect.stringMatching(/^(queued|running)$/), data: null });
    const done = await collect(accepted.body.job_id, org.apiKey);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({
      links: [{ url: at('/docs/late'), source: 'page', lastmod: null }],
      sitemaps: [],
      skipped: { robots: 0, scope: 0, excluded: 0, duplicate: 0 },
      truncated: false,
    });
  });

  it('takes the key in the header only, and refuses bad parameters on their names', async () => {
    const byQuery = await call('/map', { query: { url: at('/docs/'), key: org.apiKey } });
    expect(byQuery.status).toBe(401);
    const bad = await call('/map', {
      key: org.apiKey,
      query: { url: at('/docs/'), limit: '30001', scope: 'site', sitemap: 'sometimes', include_paths: 'docs/*', exclude_paths: Array(21).fill('/a').join(','), viewport: '800x600' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['exclude_paths', 'include_paths', 'limit', 'scope', 'sitemap', 'viewport']);
  });
});
