import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Job } from '../../src/infra/database/entities/index.js';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { LedgerService } from '../../src/modules/billing/ledger.service.js';
import { FrontierRepository } from '../../src/modules/site/frontier/frontier.repository.js';
import { pageRequestKey } from '../../src/modules/site/frontier/page-charge.js';
import { NO_SKIPS } from '../../src/modules/site/frontier/frontier-types.js';
import type { NewPage, PageRecord } from '../../src/modules/site/frontier/frontier-types.js';
import { balanceOf, fundedOrganization, insertOrganization, ledgerSum, openDatabase } from './database.js';

const hash = (key: string) => createHash('sha256').update(key).digest('hex');
const page = (path: string, depth = 1, parent: string | null = 'http://s.test/'): NewPage => ({ url: `http://s.test${path}`, keyHash: hash(`s.test${path}`), depth, parent });
const DONE: PageRecord = { state: 'done', targetStatus: 200, finalUrl: null, credits: 1, content: 'c', metadata: '{}', links: '[]', data: null, error: null, duplicateOf: null };
const LATER = new Date(Date.now() + 86_400_000);

/** The frontier's transactions: one row per URL key, the limit, the end decided once, stops, and organization scoping. */
describe.each(['sqlite', 'mariadb'] as const)('the site frontier on %s', (kind) => {
  let db: DataSource;
  let frontier: FrontierRepository;
  let ledger: LedgerService;
  let sequence = 0;
  const org = `sf-${kind}`;

  const newCrawl = async (organizationId = org, active = 5): Promise<{ crawlId: string; start: string | null }> => {
    sequence += 1;
    const crawlId = `itsite_${kind}_${sequence}`;
    const job = Object.assign(new Job(), {
      id: crawlId, organizationId, kind: 'site', status: 'queued', host: 's.test', price: 1, refunded: false, options: '{}', webhookUrl: null,
      createdAt: new Date(), expiresAt: LATER,
    });
    return { crawlId, start: await frontier.create(job, page('/', 0, null), active) };
  };
  const finish = (crawlId: string, pageId: string, links: NewPage[], limit = 100, record = DONE) =>
    frontier.finish({ organizationId: org, crawlId, pageId, record, links, alias: null, skips: { ...NO_SKIPS }, limit, now: new Date(), expiresAt: LATER });
  const claim = async (organizationId: string, crawlId: string, pageId: string, leaseUntil: Date) => (await frontier.claim(organizationId, crawlId, pageId, leaseUntil, LATER)).taken;
  const status = async (crawlId: string) => (await db.query('SELECT j.status, c.stop_reason FROM job j JOIN site_crawl c ON c.job_id = j.id WHERE j.id = ?', [crawlId]))[0];

  beforeAll(async () => {
    db = await openDatabase(kind, '_site');
    const sql = new SqlProgramRunner(db);
    ledger = new LedgerService(sql);
    frontier = new FrontierRepository(sql, ledger);
    await insertOrganization(db, org, 0);
    await insertOrganization(db, `so-${kind}`, 0);
  });
  afterAll(async () => db?.destroy());

  it('claims a waiting page once, adds each new key once within the limit, and ends the crawl when nothing is left', async () => {
    const { crawlId, start } = await newCrawl();
    expect(await claim(org, crawlId, start!, LATER)).toBe(true);
    expect(await claim(org, crawlId, start!, LATER)).toBe(false);
    expect(await status(crawlId)).toEqual({ status: 'running', stop_reason: null });
    const first = await finish(crawlId, start!, [page('/a'), page('/b'), page('/'), page('/c')], 3);
    expect(first).toMatchObject({ kept: true, seq: 1, ended: null });
    expect(first.added).toHaveLength(2);
    const [counts] = await db.query('SELECT admitted, skipped_duplicate, skipped_limit FROM site_crawl WHERE job_id = ?', [crawlId]);
    expect([Number(counts.admitted), Number(counts.skipped_duplicate), Number(counts.skipped_limit)]).toEqual([3, 1, 1]);
    for (const id of first.added) expect(await claim(org, crawlId, id, LATER)).toBe(true);
    const ends = await Promise.all(first.added.map((id) => finish(crawlId, id, [page('/a')], 3)));
    expect(ends.map((end) => end.seq).sort()).toEqual([2, 3]);
    expect(ends.filter((end) => end.ended !== null)).toEqual([expect.objectContaining({ ended: { status: 'done', stopReason: 'limit' } })]);
    expect(await status(crawlId)).toEqual({ status: 'done', stop_reason: 'limit' });
    expect(await finish(crawlId, start!, [])).toMatchObject({ kept: false });
  });

  it('owes a crawl with a webhook_url its job.finished from its creation, in the same transaction (webhook-outbox.ts)', async () => {
    sequence += 1;
    const crawlId = `itsite_${kind}_${sequence}`;
    const job = Object.assign(new Job(), {
      id: crawlId, organizationId: org, kind: 'site', status: 'queued', host: 's.test', price: 1, refunded: false, options: '{}', webhookUrl: 'http://hooks.test/',
      createdAt: new Date(), expiresAt: LATER,
    });
    expect(await frontier.create(job, page('/', 0, null), 5)).not.toBeNull();
    expect((await db.query('SELECT delivery, organization_id FROM webhook_outbox WHERE job_id = ?', [crawlId])).map((row: Record<string, unknown>) => ({ ...row })))
      .toEqual([{ delivery: `webhook:${crawlId}`, organization_id: org }]);
  });

  it('stores nothing for a page whose redirect lands on a key taken meanwhile, answering that page\'s URL (decisions 9.1), under the lock', async () => {
    const { crawlId, start } = await newCrawl();
    await claim(org, crawlId, start!, LATER);
    const { added } = await finish(crawlId, start!, [page('/a'), page('/r1'), page('/r2')]);
    const [a, r1, r2] = added;
    for (const id of added) await claim(org, crawlId, id, LATER);
    const movedTo = (path: string, from: string): NewPage => ({ ...page(path), parent: from });
    const finishMoved = (pageId: string, alias: NewPage) =>
      frontier.finish({ organizationId: org, crawlId, pageId, record: DONE, links: [], alias, skips: { ...NO_SKIPS }, limit: 100, now: new Date(), expiresAt: LATER });
    // /r1 and /r2 both redirect to /t, which no link took: the first stores with /t reserved, the second is its duplicate.
    expect(await finishMoved(r1, movedTo('/t', 'http://s.test/r1'))).toMatchObject({ kept: true });
    expect(await finishMoved(r2, movedTo('/t', 'http://s.test/r2'))).toEqual({ kept: false, seq: 0, added: [], ended: null, duplicateOf: 'http://s.test/t', refunded: 0 });
    // A redirect onto a page a link took: its duplicate, named by that page's URL.
    expect(await finishMoved(a, movedTo('/r1', 'http://s.test/a'))).toMatchObject({ kept: false, duplicateOf: 'http://s.test/r1' });
    const [row] = await db.query('SELECT state FROM site_page WHERE organization_id = ? AND crawl_id = ? AND id = ?', [org, crawlId, r2]);
    expect(row.state).toBe('running');
  });

  it('stops for credits: waiting pages dropped, the running one finishes, then the crawl is done with stop_reason credits', async () => {
    const { crawlId, start } = await newCrawl();
    await claim(org, crawlId, start!, LATER);
    const { added } = await finish(crawlId, start!, [page('/x'), page('/y'), page('/z')]);
    await claim(org, crawlId, added[0], LATER);
    await claim(org, crawlId, added[1], LATER);
    expect(await frontier.stop(org, crawlId, 'credits', added[1], LATER)).toBeNull();
    expect(await claim(org, crawlId, added[2], LATER)).toBe(false);
    const last = await finish(crawlId, added[0], [page('/more')]);
    expect(last).toMatchObject({ kept: true, added: [], ended: { status: 'done', stopReason: 'credits' } });
    const states = await db.query('SELECT state FROM site_page WHERE crawl_id = ? ORDER BY id', [crawlId]);
    expect(states.map((row: { state: string }) => row.state)).toEqual(['done', 'done', 'dropped', 'dropped']);
  });

  it('ends a crawl cancelled while its start page ran as cancelled when that page then fails (decisions 9.4)', async () => {
    const { crawlId, start } = await newCrawl();
    await claim(org, crawlId, start!, LATER);
    expect(await frontier.stop(org, crawlId, 'cancelled', null, LATER)).toBeNull();
    expect(await status(crawlId)).toEqual({ status: 'running', stop_reason: null });
    expect(await frontier.fail(org, crawlId, { code: 'navigation_timeout', message: 'The job did not finish before its deadline.' }, LATER)).toEqual({ ended: true, seq: null, refunded: 0 });
    expect(await status(crawlId)).toEqual({ status: 'cancelled', stop_reason: 'cancelled' });
    const [job] = await db.query('SELECT error_code, finished_at FROM job WHERE id = ?', [crawlId]);
    expect([job.error_code, job.finished_at === null]).toEqual([null, false]);
    expect(await frontier.fail(org, crawlId, { code: 'navigation_timeout', message: 'again' }, LATER)).toEqual({ ended: false, seq: null, refunded: 0 });
  });

  it('fails a crawl whose start page fails with no cancel asked, with that page\'s error', async () => {
    const { crawlId, start } = await newCrawl();
    await claim(org, crawlId, start!, LATER);
    const record: PageRecord = { ...DONE, state: 'failed', targetStatus: null, credits: 0, content: null, metadata: null, links: null, error: 'target_unreachable' };
    expect(await frontier.fail(org, crawlId, { code: 'target_unreachable', message: 'The target could not be reached.', page: { id: start!, record } }, LATER)).toEqual({ ended: true, seq: 1, refunded: 0 });
    expect(await status(crawlId)).toEqual({ status: 'failed', stop_reason: null });
    // Recorded as any failed page (decisions 9.3 Money): its error, credits 0, the crawl's first finished page.
    const [row] = await db.query('SELECT state, seq, error, credits FROM site_page WHERE id = ?', [start]);
    expect([row.state, Number(row.seq), row.error, Number(row.credits)]).toEqual(['failed', 1, 'target_unreachable', 0]);
    expect(Number((await db.query('SELECT finished FROM site_crawl WHERE job_id = ?', [crawlId]))[0].finished)).toBe(1);
  });

  it('skips a page whose redirect left the crawl: no seq, counted under its reason, and the crawl ends when nothing is left (decisions 9.1)', async () => {
    const { crawlId, start } = await newCrawl();
    await claim(org, crawlId, start!, LATER);
    const { added } = await finish(crawlId, start!, [page('/out')]);
    await claim(org, crawlId, added[0], LATER);
    const skip = { organizationId: org, crawlId, pageId: added[0], reason: 'scope' as const, refusedUrl: 'http://elsewhere.test/', now: new Date(), expiresAt: LATER };
    expect(await frontier.skip(skip)).toEqual({ kept: true, added: [], ended: { status: 'done', stopReason: 'finished' }, refunded: 0 });
    expect(await frontier.skip(skip)).toEqual({ kept: false, added: [], ended: null, refunded: 0 });
    const [row] = await db.query('SELECT state, seq, final_url FROM site_page WHERE id = ?', [added[0]]);
    expect([row.state, row.seq, row.final_url]).toEqual(['skipped', null, 'http://elsewhere.test/']);
    const [counts] = await db.query('SELECT finished, skipped_scope, skipped_robots FROM site_crawl WHERE job_id = ?', [crawlId]);
    expect([Number(counts.finished), Number(counts.skipped_scope), Number(counts.skipped_robots)]).toEqual([1, 1, 0]);
  });

  describe('depth as link hops from the start page (decisions 9.3, max_depth)', () => {
    const urlOf = async (id: string) => (await db.query('SELECT url FROM site_page WHERE id = ?', [id]))[0].url as string;
    const rowOf = async (crawlId: string, path: string) => {
      const [row] = await db.query('SELECT id, depth, parent, held FROM site_page WHERE crawl_id = ? AND url = ?', [crawlId, `http://s.test${path}`]);
      return { id: String(row.id), depth: Number(row.depth), parent: row.parent as string | null, held: Number(row.held) };
    };
    const urls = async (ids: readonly string[]) => Promise.all(ids.map(urlOf));

    it('holds a page while one two hops shallower still runs, and lowers a waiting page to a shorter path\'s depth and parent', async () => {
      // /a1 -> /b1 -> /c1 -> /x, and /a4 (slow) -> /x: /x is two hops from the start, not four.
      const { crawlId, start } = await newCrawl();
      await claim(org, crawlId, start!, LATER);
      const first = await finish(crawlId, start!, [page('/a1'), page('/a4')]);
      expect(await urls(first.added)).toEqual(['http://s.test/a1', 'http://s.test/a4']);
      const [a1, a4] = first.added;
      for (const id of first.added) expect(await claim(org, crawlId, id, LATER)).toBe(true);
      const fromA1 = await finish(crawlId, a1, [page('/b1', 2, 'http://s.test/a1')]);
      expect(await urls(fromA1.added)).toEqual(['http://s.test/b1']);
      await claim(org, crawlId, fromA1.added[0], LATER);
      // /c1 is three hops away while /a4, one hop away, still runs: held, not queued, and not to be claimed.
      const fromB1 = await finish(crawlId, fromA1.added[0], [page('/c1', 3, 'http://s.test/b1'), page('/x', 3, 'http://s.test/b1')]);
      expect(fromB1.added).toEqual([]);
      const x = await rowOf(crawlId, '/x');
      expect(x).toMatchObject({ depth: 3, parent: 'http://s.test/b1', held: 1 });
      expect(await claim(org, crawlId, x.id, LATER)).toBe(false);
      expect(await frontier.staleWaiting(new Date(Date.now() + 60_000), 10_000)).not.toContainEqual(expect.objectContaining({ id: x.id }));
      // /a4 ends: /x is two hops away through it, and /c1 and /x are released, /x at its shorter path's depth.
      const fromA4 = await finish(crawlId, a4, [page('/x', 2, 'http://s.test/a4')]);
      expect(await urls(fromA4.added)).toEqual(['http://s.test/c1', 'http://s.test/x']);
      expect(await rowOf(crawlId, '/x')).toEqual({ id: x.id, depth: 2, parent: 'http://s.test/a4', held: 0 });
      expect(await rowOf(crawlId, '/c1')).toMatchObject({ depth: 3, parent: 'http://s.test/b1', held: 0 });
      const [counts] = await db.query('SELECT admitted, skipped_duplicate FROM site_crawl WHERE job_id = ?', [crawlId]);
      expect([Number(counts.admitted), Number(counts.skipped_duplicate)]).toEqual([6, 1]);
      for (const id of fromA4.added) expect(await claim(org, crawlId, id, LATER)).toBe(true);
      const ends = await Promise.all(fromA4.added.map((id) => finish(crawlId, id, [])));
      expect(ends.map((end) => end.ended).filter(Boolean)).toEqual([{ status: 'done', stopReason: 'finished' }]);
    });

    it('releases the next level when a page leaves by a skip, and never lowers a page that started', async () => {
      const { crawlId, start } = await newCrawl();
      await claim(org, crawlId, start!, LATER);
      const [a, b] = (await finish(crawlId, start!, [page('/a'), page('/b')])).added;
      await claim(org, crawlId, a, LATER);
      await claim(org, crawlId, b, LATER);
      const fromA = await finish(crawlId, a, [page('/a/1', 2, 'http://s.test/a')]);
      await claim(org, crawlId, fromA.added[0], LATER);
      expect((await finish(crawlId, fromA.added[0], [page('/deep', 3, 'http://s.test/a/1')])).added).toEqual([]);
      const skip = { organizationId: org, crawlId, pageId: b, reason: 'scope' as const, refusedUrl: 'http://elsewhere.test/', now: new Date(), expiresAt: LATER };
      const skipped = await frontier.skip(skip);
      expect(await urls(skipped.added)).toEqual(['http://s.test/deep']);
      expect(skipped.ended).toBeNull();
      await claim(org, crawlId, skipped.added[0], LATER);
      // A link to a page already running or done is a duplicate only: its depth stays the one it started with.
      const again = await finish(crawlId, skipped.added[0], [page('/a/1', 4, 'http://s.test/deep'), page('/deep', 4, 'http://s.test/deep')]);
      expect(again).toMatchObject({ added: [], ended: { status: 'done', stopReason: 'finished' } });
      expect(await rowOf(crawlId, '/a/1')).toMatchObject({ depth: 2, parent: 'http://s.test/a' });
    });

    it('drops held pages with the waiting ones when the crawl stops', async () => {
      const { crawlId, start } = await newCrawl();
      await claim(org, crawlId, start!, LATER);
      const [a, b] = (await finish(crawlId, start!, [page('/a'), page('/b')])).added;
      await claim(org, crawlId, a, LATER);
      const fromA = await finish(crawlId, a, [page('/a/1', 2, 'http://s.test/a')]);
      await claim(org, crawlId, fromA.added[0], LATER);
      await finish(crawlId, fromA.added[0], [page('/held', 3, 'http://s.test/a/1')]);
      expect(await rowOf(crawlId, '/held')).toMatchObject({ held: 1 });
      expect(await frontier.stop(org, crawlId, 'cancelled', null, LATER)).toEqual({ status: 'cancelled', stopReason: 'cancelled' });
      const states = await db.query('SELECT url, state FROM site_page WHERE crawl_id = ? AND state = ?', [crawlId, 'dropped']);
      expect(states.map((row: { url: string }) => row.url).sort()).toEqual(['http://s.test/b', 'http://s.test/held']);
      expect(b).toBeDefined();
    });
  });

  it('refuses a crawl past the active limit, and never reads another organization\'s crawl', async () => {
    const other = `so-${kind}`;
    expect((await newCrawl(other, 1)).start).not.toBeNull();
    expect((await newCrawl(other, 1)).start).toBeNull();
    const { crawlId, start } = await newCrawl();
    expect(await frontier.page(other, crawlId, start!)).toBeNull();
    expect(await claim(other, crawlId, start!, LATER)).toBe(false);
    expect(await frontier.page(org, crawlId, start!)).toMatchObject({ url: 'http://s.test/', depth: 0, state: 'waiting' });
  });

  it('counts a waiting page stale only once its queue entry is overdue, not while it waits a floor, pause or park', async () => {
    const waits = `sw-${kind}`;
    await insertOrganization(db, waits, 0);
    const { crawlId, start } = await newCrawl(waits);
    const staleAt = async (ms: number) => (await frontier.staleWaiting(new Date(Date.now() + ms), 10_000)).some((p) => p.id === start);
    expect(await staleAt(1000)).toBe(true);
    await frontier.touch(waits, crawlId, start!, new Date(Date.now() + 60_000));
    expect(await staleAt(1000)).toBe(false);
    expect(await staleAt(61_000)).toBe(true);
  });

  it('gives a dead worker\'s page back as waiting, once its lease ran out', async () => {
    const { crawlId, start } = await newCrawl();
    await claim(org, crawlId, start!, new Date(Date.now() - 1000));
    const back = await frontier.recoverLost(new Date());
    expect(back.filter((p) => p.crawlId === crawlId)).toEqual([expect.objectContaining({ id: start, state: 'waiting', attempts: 1 })]);
    expect(await claim(org, crawlId, start!, LATER)).toBe(true);
  });

  describe('a page lost with its worker in a crawl that stops (decisions 9.3, 9.4)', () => {
    const payer = `sp-${kind}`;
    const DEAD = new Date(Date.now() - 1000);
    beforeAll(async () => {
      await fundedOrganization(db, ledger, payer, 10);
    });

    /** A crawl of `payer` whose start page is stored and whose page /p was claimed and charged by a worker that then died. */
    const lostPage = async (): Promise<{ crawlId: string; pageId: string }> => {
      const { crawlId, start } = await newCrawl();
      await db.query('UPDATE job SET organization_id = ? WHERE id = ?', [payer, crawlId]);
      await db.query('UPDATE site_crawl SET organization_id = ? WHERE job_id = ?', [payer, crawlId]);
      await db.query('UPDATE site_page SET organization_id = ? WHERE crawl_id = ?', [payer, crawlId]);
      await claim(payer, crawlId, start!, LATER);
      const { added: [pageId] } = await frontier.finish({ organizationId: payer, crawlId, pageId: start!, record: DONE, links: [page('/p')], alias: null, skips: { ...NO_SKIPS }, limit: 100, now: new Date(), expiresAt: LATER });
      await claim(payer, crawlId, pageId, DEAD);
      await ledger.charge({ organizationId: payer, requestKey: pageRequestKey({ crawlId, id: pageId, retries: 0 }), amount: 1, reason: 'site s.test', jobId: crawlId, host: 's.test' });
      return { crawlId, pageId };
    };

    it('cancelled while the page ran, then the page lost: taken again it is dropped instead, refunded, and the crawl ends cancelled', async () => {
      const { crawlId, pageId } = await lostPage();
      expect(await frontier.stop(payer, crawlId, 'cancelled', null, LATER)).toBeNull();
      expect(await status(crawlId)).toEqual({ status: 'running', stop_reason: null });
      expect((await frontier.recoverLost(new Date())).filter((p) => p.crawlId === crawlId)).toEqual([expect.objectContaining({ id: pageId, state: 'waiting' })]);
      expect(await balanceOf(db, payer)).toBe(9);
      expect(await frontier.claim(payer, crawlId, pageId, LATER, LATER)).toEqual({ taken: false, ended: { status: 'cancelled', stopReason: 'cancelled' }, refunds: [{ requestKey: `site:${crawlId}:${pageId}`, host: 's.test' }] });
      expect(await status(crawlId)).toEqual({ status: 'cancelled', stop_reason: 'cancelled' });
      expect((await db.query('SELECT state FROM site_page WHERE id = ?', [pageId]))[0].state).toBe('dropped');
      expect([await balanceOf(db, payer), await ledgerSum(db, payer)]).toEqual([10, 10]);
      // Refunded once however often the page's queue entries come back.
      expect((await frontier.claim(payer, crawlId, pageId, LATER, LATER)).taken).toBe(false);
      expect(await balanceOf(db, payer)).toBe(10);
    });

    it('lost and waiting for its retake when the cancel comes: dropped with the others and refunded in the cancel\'s transaction', async () => {
      const { crawlId } = await lostPage();
      await frontier.recoverLost(new Date());
      expect(await balanceOf(db, payer)).toBe(9);
      expect(await frontier.stop(payer, crawlId, 'cancelled', null, LATER)).toEqual({ status: 'cancelled', stopReason: 'cancelled' });
      expect([await balanceOf(db, payer), await ledgerSum(db, payer)]).toEqual([10, 10]);
    });

    it('a page that failed on the service\'s side is refunded with its record, in one transaction; a worker that lost the page refunds nothing', async () => {
      const { crawlId, pageId } = await lostPage();
      const refund = { organizationId: payer, requestKey: pageRequestKey({ crawlId, id: pageId, retries: 0 }), jobId: crawlId, host: 's.test', dailyLimited: false };
      const failed: PageRecord = { ...DONE, state: 'failed', targetStatus: null, credits: 0, content: null, metadata: null, links: null, error: 'browser_crashed' };
      const store = () => frontier.finish({ organizationId: payer, crawlId, pageId, record: failed, links: [], alias: null, skips: { ...NO_SKIPS }, limit: 100, now: new Date(), expiresAt: LATER }, refund);
      // Its lease ran out and the page went back to waiting (another worker's now): the old worker's store and refund both do nothing.
      await frontier.recoverLost(new Date());
      expect(await store()).toMatchObject({ kept: false, refunded: 0 });
      expect(await balanceOf(db, payer)).toBe(9);
      // Taken again: its charge stands, so it is not charged twice; stored failed, it is refunded with the record.
      expect(await claim(payer, crawlId, pageId, LATER)).toBe(true);
      expect(await frontier.charged(payer, refund.requestKey)).toBe(true);
      expect(await store()).toMatchObject({ kept: true, refunded: 1 });
      expect([await balanceOf(db, payer), await ledgerSum(db, payer)]).toEqual([10, 10]);
    });

    it('a page the target asks to retry later while its crawl stops: dropped at once, refunded with it, and the crawl ends (not after the pause)', async () => {
      const { crawlId, pageId } = await lostPage();
      const refund = { organizationId: payer, requestKey: pageRequestKey({ crawlId, id: pageId, retries: 0 }), jobId: crawlId, host: 's.test', dailyLimited: false };
      expect(await frontier.stop(payer, crawlId, 'credits', null, LATER)).toBeNull();
      expect(await frontier.release(payer, crawlId, pageId, LATER, refund)).toEqual({ moved: false, dropped: true, ended: { status: 'done', stopReason: 'credits' }, refunded: 1 });
      // A second hand-back finds it no longer running: nothing moves, nothing more refunded.
      expect(await frontier.release(payer, crawlId, pageId, LATER, refund)).toEqual({ moved: false, dropped: false, ended: null, refunded: 0 });
      expect([await balanceOf(db, payer), await ledgerSum(db, payer)]).toEqual([10, 10]);
      // A page's refund hands back one of the crawl's charges, not the crawl's own: its row is not marked refunded.
      expect((await db.getRepository(Job).findOneByOrFail({ id: crawlId })).refunded).toBe(false);
    });

    it('a page the target asks to retry later in a live crawl: waiting again with one retry more, refunded with it', async () => {
      const { crawlId, pageId } = await lostPage();
      const refund = { organizationId: payer, requestKey: pageRequestKey({ crawlId, id: pageId, retries: 0 }), jobId: crawlId, host: 's.test', dailyLimited: false };
      expect(await frontier.release(payer, crawlId, pageId, LATER, refund)).toEqual({ moved: true, dropped: false, ended: null, refunded: 1 });
      expect(await frontier.page(payer, crawlId, pageId)).toMatchObject({ state: 'waiting', retries: 1 });
      expect([await balanceOf(db, payer), await ledgerSum(db, payer)]).toEqual([10, 10]);
      await frontier.stop(payer, crawlId, 'cancelled', null, LATER);
    });
  });
});
