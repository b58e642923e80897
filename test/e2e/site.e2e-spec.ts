import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization, getOrganization, ledger, usage } from '../factories/organization.factory.js';
import { startSiteFixture, SiteFixture } from '../fixtures/site-fixture.js';
import { startWebhookReceiver, WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { serveDirectory } from '../fixtures/static-dir.js';
import { testEnv } from '../harness/env.js';
import { call, CallResult } from '../harness/http.js';
import { AnswerChecker, OpenApiDocument } from '../harness/openapi-check.js';

const env = testEnv();
type Page = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** POST /site with its options in the query. */
function site(key: string, query: Record<string, string>, body?: unknown, headers?: Record<string, string>): Promise<CallResult> {
  return call('/site', { key, method: 'POST', query, ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) });
}

/** Collects a crawl following `next` until it is null: every page, in the order given. */
async function crawlToEnd(jobId: string, key: string, timeoutMs = 150_000): Promise<{ last: CallResult; pages: Page[]; answers: CallResult[] }> {
  const pages: Page[] = [];
  const answers: CallResult[] = [];
  let path = `/crawl/${jobId}`;
  for (const until = Date.now() + timeoutMs; Date.now() < until;) {
    const answer = await call(path, { key });
    answers.push(answer);
    pages.push(...(answer.body.pages as Page[]));
    if (answer.body.next === null) return { last: answer, pages, answers };
    expect(answer.body.next).toMatch(new RegExp(`^/crawl/${jobId}\\?cursor=\\d+$`));
    path = answer.body.next as string;
    if ((answer.body.pages as Page[]).length === 0) await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`crawl ${jobId} did not end in ${timeoutMs} ms`);
}

const pathOf = (url: string) => new URL(url).pathname;
const sorted = (paths: string[]) => [...paths].sort();
const CALENDAR = Array.from({ length: 10 }, (_, i) => `/docs/cal/2026-${String(i + 1).padStart(2, '0')}`);
const WHOLE_SITE = ['/docs/', '/docs/s1.html', '/docs/a.html', '/docs/b.html', '/docs/old', '/docs/moved', '/docs/guide-old/x.html', '/docs/missing',
  '/docs/deep/1', '/docs/slow', ...CALENDAR];

describe('POST /site (decisions 9.3): a whole site, page by page', () => {
  let fixture: SiteFixture;
  beforeAll(async () => {
    fixture = await startSiteFixture();
  });
  afterAll(async () => fixture?.close());

  it('answers a page from the organization\'s stored copy with max_age (decisions 9.6): cache_hit price, no request to the target', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 500 });
    fixture.reset();
    const query = { url: fixture.url, js: 'true', max_depth: '0' };
    const first = await crawlToEnd((await site(org.apiKey, query)).body.job_id as string, org.apiKey);
    expect(first.pages.map((page) => [pathOf(page.url), page.credits])).toEqual([['/docs/', 5]]);
    fixture.reset();
    const second = await crawlToEnd((await site(org.apiKey, { ...query, max_age: '3600000' })).body.job_id as string, org.apiKey);
    expect(second.pages.map((page) => [pathOf(page.url), page.credits, page.target_status])).toEqual([['/docs/', 1, 200]]);
    expect(second.pages[0].content).toBe(first.pages[0].content);
    expect(fixture.log.map((entry) => entry.path)).not.toContain('/docs/');
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(494);
    const reasons = (await ledger(env.baseUrl, env.adminToken, org.id)).entries.map((entry) => entry.reason);
    expect(reasons.filter((reason) => reason.startsWith('cache_hit '))).toEqual(['cache_hit 127.0.0.1']);
  });

  it('crawls the whole site: robots.txt obeyed, the sitemap read, redirects and index twins once, the calendar cut at max_depth; exact credits, ledger and tallies', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 500 });
    fixture.reset();
    const accepted = await site(org.apiKey, { url: fixture.url, js: 'false' });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ kind: 'site', status: 'queued', url: fixture.url, domain: '127.0.0.1', credits_used: 0, pages: [], stop_reason: null });
    // Every metered answer's credit headers (decisions.md 2): the POST charges nothing itself.
    expect(['x-credits-charged', 'x-credits-remaining', 'x-job-id'].map((name) => accepted.headers.get(name))).toEqual(['0', '500', accepted.body.job_id]);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(500);
    const { last, pages, answers } = await crawlToEnd(accepted.body.job_id as string, org.apiKey);

    expect(last.status).toBe(200);
    expect(sorted(pages.map((page) => pathOf(page.url)))).toEqual(sorted(WHOLE_SITE));
    // Every answer as /openapi.json documents it, the duplicates' null metadata included (decisions 7.5).
    const checker = new AnswerChecker((await call('/openapi.json')).body as unknown as OpenApiDocument);
    for (const answer of answers) expect(checker.check('GET', '/crawl/{job}', answer)).toBe('application/json');
    expect(last.body).toMatchObject({
      status: 'done', stop_reason: 'finished', error: null, credits_used: 19,
      counts: { discovered: 20, done: 19, failed: 0, skipped: { robots: 1, scope: 2, excluded: 1, depth: 1, duplicate: 9, limit: 0 } },
    });
    const byPath = new Map(pages.map((page) => [pathOf(page.url), page]));
    expect(byPath.get('/docs/')).toMatchObject({ depth: 0, parent: null, target_status: 200, credits: 1, error: null, duplicate_of: null, metadata: { title: 'Docs home' } });
    expect(byPath.get('/docs/')!.content).toContain('# Docs home');
    expect(byPath.get('/docs/s1.html')).toMatchObject({ depth: 1, parent: null });
    expect(byPath.get('/docs/old')).toMatchObject({ credits: 0, duplicate_of: `${fixture.origin}/docs/a.html`, final_url: `${fixture.origin}/docs/a.html`, metadata: null });
    expect(byPath.get('/docs/moved')).toMatchObject({ credits: 1, final_url: `${fixture.origin}/docs/new.html`, duplicate_of: null });
    expect(byPath.get('/docs/missing')).toMatchObject({ target_status: 404, credits: 1, error: null });
    expect(byPath.get('/docs/cal/2026-10')).toMatchObject({ depth: 10, parent: `${fixture.origin}/docs/cal/2026-09` });

    const requested = fixture.log.map((entry) => entry.path);
    expect(requested.filter((path) => path === '/robots.txt')).toHaveLength(1);
    expect(requested.filter((path) => path === '/sitemap.xml')).toHaveLength(1);
    expect(requested.filter((path) => path.startsWith('/docs/private'))).toEqual([]);
    expect(requested).not.toContain('/docs/cal/2026-11');

    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(481);
    const entries = (await ledger(env.baseUrl, env.adminToken, org.id)).entries;
    expect(entries.filter((entry) => entry.amount === -1)).toHaveLength(20);
    expect(entries.filter((entry) => entry.amount === 1).map((entry) => entry.reason)).toEqual(['refund: a duplicate of a page already taken']);
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(481);
    expect((await usage(env.baseUrl, env.adminToken, org.id)).days).toEqual([{ date: expect.any(String), host: '127.0.0.1', crawls: 19, attempts: 20, credits: 19 }]);
    // GET /account/jobs (decisions 7.5) lists the crawl with what its pages took, its envelope's credits_used.
    expect((await call('/account/jobs', { key: org.apiKey })).body.jobs).toEqual([expect.objectContaining({ job_id: accepted.body.job_id, kind: 'site', status: 'done', credits: 19 })]);
  });

  it.each(['false', 'true'])('never follows a redirect past robots.txt or out of scope (js=%s): the page is skipped, uncharged, the refused URL never requested (decisions 9.1)', async (js) => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    fixture.reset();
    const credits = js === 'true' ? 5 : 1;
    const { last, pages } = await crawlToEnd((await site(org.apiKey, { url: `${fixture.origin}/docs/hops/`, js, scope: 'host', sitemap: 'skip' })).body.job_id as string, org.apiKey);
    expect(sorted(pages.map((page) => pathOf(page.url)))).toEqual(['/docs/hops/', '/docs/hops/stay']);
    expect(last.body).toMatchObject({
      status: 'done', stop_reason: 'finished', credits_used: 2 * credits,
      counts: { done: 2, failed: 0, skipped: { robots: 1, scope: 1, excluded: 0, depth: 0, duplicate: 0, limit: 0 } },
    });
    const requested = fixture.log.map((entry) => entry.path);
    expect(requested).toEqual(expect.arrayContaining(['/docs/hops/to-blocked', '/docs/hops/to-out']));
    expect(requested).not.toContain('/docs/private/hop.html');
    expect(requested).not.toContain('/docs/hops/outside');
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(100 - 2 * credits);
    const refunds = (await ledger(env.baseUrl, env.adminToken, org.id)).entries.map((entry) => entry.reason).filter((reason) => reason.startsWith('refund:'));
    expect(refunds.sort()).toEqual(['refund: its redirect left the crawl (robots)', 'refund: its redirect left the crawl (scope)']);
    // The refused pages reached the target (their first hop): attempts, not crawls.
    expect((await usage(env.baseUrl, env.adminToken, org.id)).days).toEqual([{ date: expect.any(String), host: '127.0.0.1', crawls: 2, attempts: 4, credits: 2 * credits }]);
  });

  it('follows the start page\'s own redirect as GET /crawl does (a home moved to www. or https still answers); its links stay in the start URL\'s scope', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    fixture.reset();
    const { last, pages } = await crawlToEnd((await site(org.apiKey, { url: `${fixture.origin}/docs/hops/to-out`, js: 'false', sitemap: 'skip' })).body.job_id as string, org.apiKey);
    const moved = `${fixture.origin.replace('127.0.0.1', 'localhost')}/docs/hops/outside`;
    expect(pages.map((page) => [pathOf(page.url), page.final_url])).toEqual([['/docs/hops/to-out', moved]]);
    expect(last.body).toMatchObject({ status: 'done', credits_used: 1 });
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(99);
  });

  it('records a start page that fails as any failed page, {error, credits: 0}, and tallies it as an attempt (decisions 3); the crawl fails with its error, refunded', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    const { last, pages } = await crawlToEnd((await site(org.apiKey, { url: `${fixture.origin}/docs/dead`, js: 'false', sitemap: 'skip' })).body.job_id as string, org.apiKey);
    expect(pages).toEqual([{
      url: `${fixture.origin}/docs/dead`, final_url: null, depth: 0, parent: null, target_status: null, credits: 0,
      content: null, metadata: null, links: null, data: null, error: 'target_unreachable', duplicate_of: null,
    }]);
    expect(last.body).toMatchObject({ status: 'failed', credits_used: 0, counts: { discovered: 1, done: 0, failed: 1 } });
    expect(last.body.error).toMatch(/could not be reached/);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(100);
    expect((await usage(env.baseUrl, env.adminToken, org.id)).days).toEqual([{ date: expect.any(String), host: '127.0.0.1', crawls: 0, attempts: 1, credits: 0 }]);
  });

  it('counts depth as link hops from the start page: a page found first by a longer path is fetched at its shorter one, its links within max_depth', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    // /docs/hd/x is four hops away through a1, b1, c1 (quick) and two through a4 (2.5 s): depth 2, and /docs/hd/y 3.
    const { pages, last } = await crawlToEnd((await site(org.apiKey, { url: `${fixture.origin}/docs/hd/`, js: 'false', max_depth: '4', sitemap: 'skip' })).body.job_id as string, org.apiKey);
    const byPath = new Map(pages.map((page) => [pathOf(page.url), page]));
    expect(sorted([...byPath.keys()])).toEqual(['/docs/hd/', '/docs/hd/a1', '/docs/hd/a4', '/docs/hd/b1', '/docs/hd/c1', '/docs/hd/x', '/docs/hd/y']);
    expect(byPath.get('/docs/hd/x')).toMatchObject({ depth: 2, parent: `${fixture.origin}/docs/hd/a4` });
    expect(byPath.get('/docs/hd/y')).toMatchObject({ depth: 3, parent: `${fixture.origin}/docs/hd/x` });
    expect(byPath.get('/docs/hd/c1')).toMatchObject({ depth: 3, parent: `${fixture.origin}/docs/hd/b1` });
    expect(last.body).toMatchObject({ stop_reason: 'finished', credits_used: 7, counts: { discovered: 7, skipped: { depth: 0, duplicate: 1 } } });
  });

  it('max_depth=0 fetches the start page alone; limit counts the start page and stops with stop_reason limit', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    const alone = await crawlToEnd((await site(org.apiKey, { url: fixture.url, js: 'false', max_depth: '0' })).body.job_id as string, org.apiKey);
    expect(alone.pages.map((page) => pathOf(page.url))).toEqual(['/docs/']);
    expect(alone.last.body).toMatchObject({ stop_reason: 'finished', credits_used: 1, counts: { discovered: 1, skipped: { depth: 10, limit: 0 } } });

    const limited = await crawlToEnd((await site(org.apiKey, { url: fixture.url, js: 'false', limit: '5', sitemap: 'skip' })).body.job_id as string, org.apiKey);
    expect(sorted(limited.pages.map((page) => pathOf(page.url)))).toEqual(sorted(['/docs/', '/docs/a.html', '/docs/b.html', '/docs/old', '/docs/moved']));
    expect(limited.last.body).toMatchObject({ status: 'done', stop_reason: 'limit', credits_used: 4, counts: { discovered: 5, skipped: { limit: 5 } } });
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(100 - 1 - 4);
  });

  it('include_paths and exclude_paths: anchored globs on the decoded path, the start URL exempt', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    const excluded = await crawlToEnd((await site(org.apiKey, { url: fixture.url, js: 'false', exclude_paths: '/docs/cal/**,/docs/*.html', sitemap: 'skip' })).body.job_id as string, org.apiKey);
    expect(sorted(excluded.pages.map((page) => pathOf(page.url)))).toEqual(sorted(['/docs/', '/docs/old', '/docs/moved', '/docs/missing', '/docs/guide-old/x.html', '/docs/deep/1']));
    const included = await crawlToEnd((await site(org.apiKey, { url: fixture.url, js: 'false', include_paths: '/docs/cal/*', max_depth: '2', sitemap: 'skip' })).body.job_id as string, org.apiKey);
    expect(sorted(included.pages.map((page) => pathOf(page.url)))).toEqual(['/docs/', '/docs/cal/2026-01', '/docs/cal/2026-02']);
  });

  it('credits running out: no page starts after the refused charge, the balance ends exact and never negative; max_credits likewise', async () => {
    const poor = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 3 });
    const ran = await crawlToEnd((await site(poor.apiKey, { url: fixture.url, js: 'false', sitemap: 'skip' })).body.job_id as string, poor.apiKey);
    expect(ran.last.body).toMatchObject({ status: 'done', stop_reason: 'credits' });
    const balance = (await getOrganization(env.baseUrl, env.adminToken, poor.id)).credits_remaining;
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(3 - (ran.last.body.credits_used as number));
    expect(ran.pages.reduce((sum, page) => sum + page.credits, 0)).toBe(ran.last.body.credits_used);
    expect((await ledger(env.baseUrl, env.adminToken, poor.id)).entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(balance);

    const capped = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    const held = await crawlToEnd((await site(capped.apiKey, { url: fixture.url, js: 'false', sitemap: 'skip', max_credits: '4' })).body.job_id as string, capped.apiKey);
    expect(held.last.body).toMatchObject({ status: 'done', stop_reason: 'credits' });
    expect(held.last.body.credits_used).toBeLessThanOrEqual(4);
    expect(held.last.body.credits_used).toBeGreaterThanOrEqual(3);
    expect((await getOrganization(env.baseUrl, env.adminToken, capped.id)).credits_remaining).toBe(100 - (held.last.body.credits_used as number));
  });

  it('refuses with 422 every bad parameter and a body, 402 below one page, 401 on a key in the query; nothing charged', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 10 });
    const bad: Array<[Record<string, string>, string]> = [
      [{ limit: '0' }, 'limit'], [{ limit: '10001' }, 'limit'], [{ max_depth: '21' }, 'max_depth'], [{ delay: '60001' }, 'delay'], [{ scope: 'site' }, 'scope'],
      [{ include_paths: 'docs/*' }, 'include_paths'], [{ exclude_paths: Array(21).fill('/a').join(',') }, 'exclude_paths'], [{ sitemap: 'maybe' }, 'sitemap'],
      [{ webhook_events: 'page' }, 'webhook_events'], [{ output: 'json' }, 'output'], [{ format: 'pdf' }, 'format'], [{ max_credits: '0' }, 'max_credits'],
      [{ max_age: '604800001' }, 'max_age'], [{ ignore_query: 'perhaps' }, 'ignore_query'], [{ wait_until: 'soon' }, 'wait_until'],
    ];
    for (const [query, name] of bad) {
      const answer = await site(org.apiKey, { url: fixture.url, ...query });
      expect([name, answer.status, Object.keys(answer.body.errors ?? {})]).toEqual([name, 422, [name]]);
    }
    // Both ends of limit's range name the one bound, SITE_MAX_PAGES (10000 here).
    for (const limit of ['0', '10001']) expect((await site(org.apiKey, { url: fixture.url, limit })).body.errors).toEqual({ limit: ['limit must be an integer from 1 to 10000'] });
    expect((await site(org.apiKey, { url: fixture.url }, { limit: 5 })).status).toBe(422);
    expect((await site(org.apiKey, {})).body.errors).toEqual({ url: ['url is required'] });
    expect((await call('/site', { method: 'POST', query: { url: fixture.url, key: org.apiKey } })).status).toBe(401);
    const broke = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 0 });
    expect((await site(broke.apiKey, { url: fixture.url })).status).toBe(402);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(10);
    expect((await ledger(env.baseUrl, env.adminToken, org.id)).entries).toHaveLength(1);
  });

  it('replays POST /site for its Idempotency-Key with the first answer\'s credit headers (decisions 7.3): X-Credits-Charged 0, the balance now', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 10 });
    const query = { url: fixture.url, js: 'false', max_depth: '0', sitemap: 'skip' };
    const first = await site(org.apiKey, query, undefined, { 'Idempotency-Key': 'site-once' });
    await crawlToEnd(first.body.job_id as string, org.apiKey);
    const again = await site(org.apiKey, query, undefined, { 'Idempotency-Key': 'site-once' });
    expect([again.status, again.body.job_id, again.body.status]).toEqual([202, first.body.job_id, 'done']);
    expect(['idempotent-replayed', 'x-credits-charged', 'x-credits-remaining', 'x-job-id'].map((name) => again.headers.get(name))).toEqual(['true', '0', '9', first.body.job_id]);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(9);
  });

  it('answers cursor with 422 on a job that is not a site crawl', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 10 });
    const crawled = await call('/crawl', { key: org.apiKey, query: { url: fixture.url, js: 'false' } });
    const answer = await call(`/crawl/${crawled.headers.get('x-job-id')}`, { key: org.apiKey, query: { cursor: '0' } });
    expect([answer.status, answer.body.errors]).toEqual([422, { cursor: ['cursor is accepted only when collecting a site crawl'] }]);
  });
});

describe('POST /site: hosts, pages, webhooks', () => {
  let many: SiteFixture;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    many = await startSiteFixture({ many: 119, pageMs: 150 });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await many?.close();
    await receiver?.close();
  });

  it('pages through 120 pages with next, while running and after, each page once; never more than SITE_HOST_CONCURRENCY requests at once at the host', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 500 });
    many.reset();
    const accepted = await site(org.apiKey, { url: `${many.origin}/docs/many/`, js: 'false', limit: '200', sitemap: 'skip' });
    const { last, pages, answers } = await crawlToEnd(accepted.body.job_id as string, org.apiKey);
    expect(pages).toHaveLength(120);
    expect(new Set(pages.map((page) => page.url)).size).toBe(120);
    expect(answers.some((answer) => answer.status === 202 && (answer.body.pages as Page[]).length > 0)).toBe(true);
    expect(Math.max(...answers.map((answer) => (answer.body.pages as Page[]).length))).toBeLessThanOrEqual(50);
    expect(last.body).toMatchObject({ status: 'done', stop_reason: 'finished', credits_used: 120 });
    const again = await call(`/crawl/${accepted.body.job_id}`, { key: org.apiKey });
    expect([again.status, (again.body.pages as Page[]).length, again.body.next]).toEqual([200, 50, `/crawl/${accepted.body.job_id}?cursor=50`]);
    expect(many.maxInFlight()).toBeLessThanOrEqual(2);
    // A page parked at the full host is woken when a request there ends, not when its 5 s wait runs out: the host never
    // sits idle that long while pages wait (3 s leaves room for a loaded machine).
    const pageRequests = many.log.filter((entry) => entry.path.startsWith('/docs/many/')).sort((a, b) => a.start - b.start);
    const idle = pageRequests.slice(1).map((entry, i) => entry.start - Math.max(...pageRequests.slice(0, i + 1).map((before) => before.end)));
    expect(Math.max(...idle)).toBeLessThan(3_000);
    expect(many.maxInFlight()).toBeGreaterThanOrEqual(1);
  });

  it('honours Crawl-delay as a floor between two requests to the host once robots.txt is read: sitemaps and pages alike', async () => {
    const slow = await startSiteFixture({ many: 3, crawlDelay: 1 });
    try {
      const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 50 });
      const { pages } = await crawlToEnd((await site(org.apiKey, { url: `${slow.origin}/docs/many/`, js: 'false' })).body.job_id as string, org.apiKey);
      expect(pages).toHaveLength(4);
      const visits = [...slow.log].sort((a, b) => a.start - b.start);
      expect(visits.slice(0, 3).map((entry) => entry.path)).toEqual(['/robots.txt', '/sitemap.xml', '/docs/many/']);
      expect(visits).toHaveLength(6);
      for (let i = 1; i < visits.length; i++) expect([visits[i].path, visits[i].start - visits[i - 1].end >= 1000]).toEqual([visits[i].path, true]);
    } finally {
      await slow.close();
    }
  });

  it('pauses on a 429 or 503 with Retry-After and retries the page, twice at most, uncharged; then records the target\'s answer', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 50 });
    const limited = await startSiteFixture();
    try {
      const { last, pages } = await crawlToEnd((await site(org.apiKey, { url: `${limited.origin}/docs/rl/`, js: 'false', sitemap: 'skip' })).body.job_id as string, org.apiKey);
      const byPath = new Map(pages.map((page) => [pathOf(page.url), page]));
      expect(byPath.get('/docs/rl/busy')).toMatchObject({ target_status: 200, credits: 1, error: null });
      expect(byPath.get('/docs/rl/always')).toMatchObject({ target_status: 503, credits: 1, error: null });
      expect(last.body).toMatchObject({ status: 'done', credits_used: 3 });
      const busy = limited.log.filter((entry) => entry.path === '/docs/rl/busy').map((entry) => entry.start);
      expect(busy).toHaveLength(3);
      for (let i = 1; i < busy.length; i++) expect(busy[i] - busy[i - 1]).toBeGreaterThanOrEqual(1000);
      expect(limited.log.filter((entry) => entry.path === '/docs/rl/always')).toHaveLength(3);
      expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(47);
      const entries = (await ledger(env.baseUrl, env.adminToken, org.id)).entries;
      expect([entries.filter((entry) => entry.amount === -1).length, entries.filter((entry) => entry.amount === 1).length]).toEqual([7, 4]);
      // Each try the target put off is handed back as such, not as a failure of the service.
      expect(entries.filter((entry) => entry.amount === 1).map((entry) => entry.reason)).toEqual(Array(4).fill('refund: the target asked to be retried later (Retry-After)'));
    } finally {
      await limited.close();
    }
  });

  it('gives a queued crawl its 1-based position in line (decisions 2), null once it runs or ended', async () => {
    // The free plan's one slot, held by a slow page: the crawl's start page waits for it, so the crawl stays queued.
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'free', credits: 20 });
    const slow = call('/crawl', { key: org.apiKey, query: { url: `${env.target.url}/slow?ms=4000`, js: 'false' } });
    await new Promise((done) => setTimeout(done, 1_500));
    const accepted = await site(org.apiKey, { url: `${many.origin}/docs/many/`, js: 'false', max_depth: '0' });
    expect([accepted.status, accepted.body.status, accepted.body.position]).toEqual([202, 'queued', 1]);
    const queued = await call(`/crawl/${accepted.body.job_id}`, { key: org.apiKey });
    expect([queued.body.status, queued.body.position]).toEqual(['queued', 1]);
    expect((await slow).status).toBe(200);
    const { last } = await crawlToEnd(accepted.body.job_id as string, org.apiKey);
    expect([last.body.status, last.body.position]).toEqual(['done', null]);
  });

  it('reads robots.txt and the sitemap once however often a start page answering 429 with Retry-After is retried (decisions 9.1)', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 50 });
    const limited = await startSiteFixture();
    try {
      const { last } = await crawlToEnd((await site(org.apiKey, { url: `${limited.origin}/docs/rl/busy`, js: 'false' })).body.job_id as string, org.apiKey);
      expect(last.body).toMatchObject({ status: 'done', credits_used: 1 });
      const requested = limited.log.map((entry) => entry.path);
      expect(requested.filter((path) => path === '/docs/rl/busy')).toHaveLength(3);
      expect([requested.filter((path) => path === '/robots.txt').length, requested.filter((path) => path === '/sitemap.xml').length]).toEqual([1, 1]);
    } finally {
      await limited.close();
    }
  });

  it('posts site.page per stored page, then job.finished with stop_reason and counts', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 50 });
    await call('/account/webhook-secret', { key: org.apiKey, method: 'POST' });
    const hook = `${receiver.url}/site/${org.id}`;
    const accepted = await site(org.apiKey, { url: `${many.origin}/docs/many/`, js: 'false', limit: '4', sitemap: 'skip', webhook_url: hook, webhook_events: 'page,finished' });
    await crawlToEnd(accepted.body.job_id as string, org.apiKey);
    const deliveries = await receiver.waitFor(`/site/${org.id}`, 5);
    const bodies = deliveries.map((delivery) => JSON.parse(delivery.body));
    expect(bodies.slice(0, 4).map((body) => body.event)).toEqual(['site.page', 'site.page', 'site.page', 'site.page']);
    expect(bodies[0]).toEqual({ event: 'site.page', job_id: accepted.body.job_id, url: expect.any(String), target_status: 200, error: null, cursor: expect.stringMatching(/^\d+$/) });
    expect(bodies[4]).toMatchObject({ event: 'job.finished', job_id: accepted.body.job_id, kind: 'site', status: 'done', stop_reason: 'limit', counts: { discovered: 4, done: 4 } });
  });

  it('sends job.finished only once every site.page delivery has ended, retries included (decisions 9.3, 7.4)', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 50 });
    await call('/account/webhook-secret', { key: org.apiKey, method: 'POST' });
    // The receiver answers 500 four times: the page's event is retried for 1.5 s (WEBHOOK_BACKOFF_MS 100: 100+200+400+800 ms).
    const path = `/fail-4/order/${org.id}`;
    const accepted = await site(org.apiKey, { url: `${many.origin}/docs/many/`, js: 'false', max_depth: '0', webhook_url: `${receiver.url}${path}`, webhook_events: 'page,finished' });
    await crawlToEnd(accepted.body.job_id as string, org.apiKey);
    const events = (await receiver.waitFor(path, 6)).map((delivery) => (JSON.parse(delivery.body) as { event: string }).event);
    expect(events).toEqual(['site.page', 'site.page', 'site.page', 'site.page', 'site.page', 'job.finished']);
  });

  it('answers 429 past SITE_ACTIVE_PER_ORG crawls queued or running', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 500 });
    const started = [];
    for (let i = 0; i < 5; i++) started.push(await site(org.apiKey, { url: `${many.origin}/docs/many/`, js: 'false', limit: '8', sitemap: 'skip' }));
    expect(started.map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202]);
    const refused = await site(org.apiKey, { url: `${many.origin}/docs/many/`, js: 'false' });
    expect([refused.status, refused.body.message]).toEqual([429, 'At most 5 site crawls of an organization are queued or running; wait for one to end.']);
    // Cancelled, not waited out: once one has ended, a crawl is accepted again.
    for (const answer of started) expect((await call(`/crawl/${answer.body.job_id}`, { key: org.apiKey, method: 'DELETE' })).status).toBe(200);
    for (const answer of started) expect(['cancelled', 'done']).toContain((await crawlToEnd(answer.body.job_id as string, org.apiKey)).last.body.status);
    const again = await site(org.apiKey, { url: `${many.origin}/docs/many/`, js: 'false', limit: '1', sitemap: 'skip' });
    expect(again.status).toBe(202);
    await crawlToEnd(again.body.job_id as string, org.apiKey);
  });
});

describe('POST /site: cancel, and a real site nobody here wrote', () => {
  it('cancels a running crawl: no page starts after it, the running ones are kept and charged, then cancelled with stop_reason cancelled', async () => {
    const slow = await startSiteFixture({ many: 30, pageMs: 700 });
    try {
      const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
      const accepted = await site(org.apiKey, { url: `${slow.origin}/docs/many/`, js: 'false', sitemap: 'skip' });
      const jobId = accepted.body.job_id as string;
      for (let seen = 0; seen < 3; seen = slow.pagePaths().filter((path) => path.startsWith('/docs/many/')).length) await new Promise((done) => setTimeout(done, 100));
      const cancelled = await call(`/crawl/${jobId}`, { key: org.apiKey, method: 'DELETE' });
      expect(cancelled.status).toBe(200);
      const { last, pages } = await crawlToEnd(jobId, org.apiKey);
      const settledAt = Date.now();
      expect(last.body).toMatchObject({ status: 'cancelled', stop_reason: 'cancelled' });
      expect(pages.length).toBeLessThan(31);
      expect(last.body.credits_used).toBe(pages.length);
      expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(100 - pages.length);
      expect(slow.log.filter((entry) => entry.start > settledAt)).toEqual([]);
      expect(slow.pagePaths().filter((path) => path.startsWith('/docs/many/'))).toHaveLength(pages.length);
      expect((await call(`/crawl/${jobId}`, { key: org.apiKey, method: 'DELETE' })).status).toBe(200);
    } finally {
      await slow.close();
    }
  });

  it('answers a cancel with the crawl cancelled when its start page was waiting out the floor after robots.txt (decisions 9.4)', async () => {
    const floored = await startSiteFixture();
    try {
      const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 20 });
      const accepted = await site(org.apiKey, { url: `${floored.origin}/docs/`, js: 'false', sitemap: 'skip', delay: '20000' });
      while (!floored.log.some((entry) => entry.path === '/robots.txt')) await new Promise((done) => setTimeout(done, 50));
      const asked = Date.now();
      const cancelled = await call(`/crawl/${accepted.body.job_id}`, { key: org.apiKey, method: 'DELETE' });
      expect([cancelled.status, cancelled.body.status, cancelled.body.stop_reason, cancelled.body.credits_used, cancelled.body.pages]).toEqual([200, 'cancelled', 'cancelled', 0, []]);
      expect(Date.now() - asked).toBeLessThan(2_000);
      expect(floored.pagePaths()).toEqual([]);
      expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(20);
    } finally {
      await floored.close();
    }
  });

  it('crawls the Python tutorial of python3-doc: the pages are those its HTML files link to, within the tutorial', async () => {
    const root = '/usr/share/doc/python3.11/html';
    const server = await serveDirectory(root);
    try {
      const expected = await tutorialPages(root, server.origin);
      const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 500 });
      const accepted = await site(org.apiKey, { url: `${server.origin}/tutorial/index.html`, js: 'false', scope: 'path' });
      const { last, pages } = await crawlToEnd(accepted.body.job_id as string, org.apiKey);
      expect(sorted(pages.map((page) => pathOf(page.url).replace(/index\.html$/, '')))).toEqual(sorted(expected));
      expect(last.body).toMatchObject({ status: 'done', stop_reason: 'finished', credits_used: expected.length, counts: { done: expected.length, failed: 0 } });
      expect(pages.every((page) => page.target_status === 200 && typeof page.content === 'string' && page.content.length > 100)).toBe(true);
    } finally {
      await server.close();
    }
  });
});

/** The tutorial's pages as a crawl from its index would find them: links read from the files themselves, the same scope. */
async function tutorialPages(root: string, origin: string): Promise<string[]> {
  const { readFile } = await import('node:fs/promises');
  const seen = new Set<string>(['/tutorial/']);
  let frontier = ['/tutorial/'];
  for (let depth = 0; depth < 10 && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const path of frontier) {
      const html = await readFile(`${root}${path.endsWith('/') ? `${path}index.html` : path}`, 'utf8').catch(() => '');
      for (const [, href] of html.matchAll(/<a\s[^>]*href="([^"]*)"/g)) {
        const url = new URL(href.replace(/&amp;/g, '&'), `${origin}${path}`);
        const key = url.pathname.replace(/index\.html$/, '');
        if (url.origin !== origin || !key.startsWith('/tutorial/') || seen.has(key)) continue;
        seen.add(key);
        next.push(key);
      }
    }
    frontier = next;
  }
  return [...seen];
}
