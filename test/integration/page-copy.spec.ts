import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../src/config/app-config.js';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { PageCacheService } from '../../src/modules/page-cache/page-cache.service.js';
import type { CopyRequest, PageAsRead } from '../../src/modules/page-cache/page-copy.js';
import { packBody } from '../../src/modules/page-cache/page-copy-codec.js';
import { PageCopyRepository } from '../../src/modules/page-cache/page-copy.repository.js';
import { LATEST_MIGRATION, lastMigration, openDatabase, undoMigrationsAfter } from './database.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-28T12:00:00.000Z');

const request = (url: string, overrides: Partial<CopyRequest['page']> = {}, route: Partial<CopyRequest['route']> = {}): CopyRequest => ({
  url,
  page: { js: true, images: false, adblock: true, waitUntil: 'networkidle0', viewport: { width: 1920, height: 1080 }, userAgent: null, ...overrides },
  route: { tier: 'standard', country: null, city: null, ...route },
});
const page = (body: string, targetStatus = 200): PageAsRead => ({ body, mediaType: 'text/html', rendered: true, finalUrl: 'https://a.example/final', targetStatus });
/** Random hex: brotli barely shrinks it, so each copy's size is known and large. */
const noise = (bytes: number) => `<p>${randomBytes(bytes).toString('hex')}</p>`;

/** decisions.md 9.6's store: lookups by page key and fetch options, per organization; eviction by age and by size. */
describe.each(['sqlite', 'mariadb'] as const)('stored page copies on %s', (kind) => {
  let db: DataSource;
  const org = `it-copy-${kind}`;
  const other = `it-copy-other-${kind}`;
  const cache = (cacheMaxBytes: number) => new PageCacheService({ cacheMaxBytes, maxPageBytes: 20 * 1024 * 1024 } as AppConfig, new PageCopyRepository(new SqlProgramRunner(db)));
  const rows = async (organizationId: string) =>
    (await db.query('SELECT page_key, byte_size FROM page_copy WHERE organization_id = ? ORDER BY fetched_at', [organizationId])) as Array<{ page_key: string; byte_size: number }>;
  const total = async (organizationId: string) => Number((await db.query('SELECT bytes FROM page_copy_total WHERE organization_id = ?', [organizationId]))[0]?.bytes ?? 0);
  const sizeOf = async (body: string) => (await packBody(body)).length;

  beforeAll(async () => {
    db = await openDatabase(kind, '_pagecopy');
  });
  afterAll(async () => db?.destroy());

  it("keeps the copy's media type as written: a text body's, a PDF's with its facts (crawl-copy.ts)", async () => {
    const store = cache(1 << 30);
    for (const mediaType of ['application/json', 'application/pdf; pages=123456; pages-read=200; truncated=true']) {
      const url = `https://a.example/typed/${mediaType.length}`;
      expect(await store.keep(org, request(url), { ...page('{"a":1}'), mediaType }, new Date(NOW - 1_000))).toBe(true);
      expect((await (await store.lookup(org, request(url), 60_000, NOW))?.read())?.mediaType).toBe(mediaType);
    }
  });

  it('finds a copy by the URL key and the fetch options, for its organization only, while younger than max_age', async () => {
    const store = cache(1 << 30);
    const body = `<html><body><h1>Caf\u00e9</h1>${'x'.repeat(5000)}</body></html>`;
    expect(await store.keep(org, request('https://A.example/docs/index.html?utm_source=x&q=1'), page(body), new Date(NOW - 60_000))).toBe(true);
    const found = await store.lookup(org, request('http://a.example/docs/?q=1'), 61_000, NOW);
    // Found by its age alone: its body is read by the answer, once the caller's limits and credits admitted it.
    expect(Object.keys(found!).sort()).toEqual(['fetchedAt', 'read']);
    expect(found!.fetchedAt).toEqual(new Date(NOW - 60_000));
    expect(await found!.read()).toEqual({ body, mediaType: 'text/html', rendered: true, finalUrl: 'https://a.example/final', targetStatus: 200, fetchedAt: new Date(NOW - 60_000) });
    expect(await store.lookup(org, request('http://a.example/docs/?q=1'), 60_000, NOW)).toBeNull();
    expect(await store.lookup(org, request('http://a.example/docs/?q=1'), 0, NOW)).toBeNull();
    expect(await store.lookup(other, request('http://a.example/docs/?q=1'), 61_000, NOW)).toBeNull();
    expect(await store.lookup(org, request('http://a.example/docs/?q=2'), 61_000, NOW)).toBeNull();
    for (const changed of [{ js: false }, { images: true }, { adblock: false }, { waitUntil: 'load' as const }, { userAgent: 'x' },
      { viewport: { width: 1920, height: 1080, isMobile: true } }, { viewport: { width: 800, height: 1080 } }]) {
      expect(await store.lookup(org, request('http://a.example/docs/?q=1', changed), 61_000, NOW)).toBeNull();
    }
    for (const route of [{ tier: 'premium' as const }, { country: 'us' }, { country: 'us', city: 'boston' }]) {
      expect(await store.lookup(org, request('http://a.example/docs/?q=1', {}, route), 61_000, NOW)).toBeNull();
    }
  });

  it('keeps only 2xx answers, one copy per page and options (the newest), and counts its bytes as stored', async () => {
    const store = cache(1 << 30);
    const organizationId = `${org}-one`;
    expect(await store.keep(organizationId, request('https://b.example/'), page('<p>gone</p>', 404))).toBe(false);
    expect(await store.keep(organizationId, request('https://b.example/'), page('<p>moved</p>', 301))).toBe(false);
    expect(await rows(organizationId)).toEqual([]);
    await store.keep(organizationId, request('https://b.example/'), page('<p>first</p>'), new Date(NOW - 2000));
    await store.keep(organizationId, request('https://b.example/'), page('<p>second</p>', 204), new Date(NOW - 1000));
    expect((await rows(organizationId)).map((row) => [row.page_key, Number(row.byte_size)])).toEqual([['b.example/', await sizeOf('<p>second</p>')]]);
    expect(await total(organizationId)).toBe(await sizeOf('<p>second</p>'));
    const found = await store.lookup(organizationId, request('https://b.example/'), DAY, NOW);
    expect((await found?.read())?.body).toBe('<p>second</p>');
    // Evicted between its finding and its reading: none (the request is then fetched), never another copy.
    await db.query('DELETE FROM page_copy WHERE organization_id = ?', [organizationId]);
    expect(await found!.read()).toBeNull();
  });

  it('drops the oldest copies of the organization when a store would pass CACHE_MAX_BYTES, and no other organization\'s', async () => {
    const organizationId = `${org}-size`;
    const bodies = [noise(3000), noise(3000), noise(3000)];
    const sizes = await Promise.all(bodies.map(sizeOf));
    const store = cache(sizes[1] + sizes[2] + 10);
    await cache(1 << 30).keep(other, request('https://c.example/other'), page(noise(9000)), new Date(NOW - 10_000));
    for (const [index, body] of bodies.entries()) await store.keep(organizationId, request(`https://c.example/${index}`), page(body), new Date(NOW - 5000 + index));
    expect((await rows(organizationId)).map((row) => row.page_key)).toEqual(['c.example/1', 'c.example/2']);
    expect(await total(organizationId)).toBe(sizes[1] + sizes[2]);
    expect((await rows(other)).map((row) => row.page_key)).toContain('c.example/other');
  });

  it('sweeps copies past 7 days, then trims each organization past CACHE_MAX_BYTES oldest first, with exact totals', async () => {
    const organizationId = `${org}-sweep`;
    const roomy = cache(1 << 30);
    const bodies = [noise(2000), noise(2000), noise(2000), noise(2000)];
    const sizes = await Promise.all(bodies.map(sizeOf));
    const ages = [8 * DAY, 7 * DAY + 1, 3 * DAY, DAY];
    for (const [index, body] of bodies.entries()) await roomy.keep(organizationId, request(`https://d.example/${index}`), page(body), new Date(NOW - ages[index]));
    expect(await roomy.sweep(new Date(NOW))).toBeGreaterThanOrEqual(2);
    expect((await rows(organizationId)).map((row) => row.page_key)).toEqual(['d.example/2', 'd.example/3']);
    expect(await total(organizationId)).toBe(sizes[2] + sizes[3]);

    expect(await cache(sizes[3]).sweep(new Date(NOW))).toBeGreaterThanOrEqual(1);
    expect((await rows(organizationId)).map((row) => row.page_key)).toEqual(['d.example/3']);
    expect(await total(organizationId)).toBe(sizes[3]);
  });

  if (kind === 'mariadb') {
    it("sweeps in a store's lock order (the organization's total, then its copies): a store holding the total is waited for, never a deadlock", async () => {
      const organizationId = `${org}-order`;
      const roomy = cache(1 << 30);
      await roomy.keep(organizationId, request('https://o.example/old'), page(noise(500)), new Date(NOW - 8 * DAY));
      await roomy.keep(organizationId, request('https://o.example/new'), page(noise(500)), new Date(NOW - DAY));
      const [old] = await db.query("SELECT id, byte_size FROM page_copy WHERE organization_id = ? AND page_key = 'o.example/old'", [organizationId]);
      const newSize = (await rows(organizationId))[1].byte_size;
      // A store's transaction, as crawlgate_keep_copy takes its locks: the total first, then a copy it deletes.
      const store = db.createQueryRunner();
      await store.connect();
      await store.startTransaction();
      try {
        await store.query('SELECT bytes FROM page_copy_total WHERE organization_id = ? FOR UPDATE', [organizationId]);
        const sweep = roomy.sweep(new Date(NOW));
        // The janitor's statement on the total still running: waiting for the store's lock (the user sees its own threads).
        const waiting = async () => Number((await db.query(
          'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID() AND INFO LIKE ? AND INFO LIKE ?',
          ['%page_copy_total%', `%${organizationId}%`],
        ))[0].n);
        for (const until = Date.now() + 10_000; (await waiting()) === 0;) expect(Date.now()).toBeLessThan(until);
        await store.query('DELETE FROM page_copy WHERE organization_id = ? AND id = ?', [organizationId, old.id]);
        await store.query('UPDATE page_copy_total SET bytes = bytes - ? WHERE organization_id = ?', [old.byte_size, organizationId]);
        await store.commitTransaction();
        await sweep;
      } finally {
        if (store.isTransactionActive) await store.rollbackTransaction();
        await store.release();
      }
      expect((await rows(organizationId)).map((row) => row.page_key)).toEqual(['o.example/new']);
      expect(await total(organizationId)).toBe(Number(newSize));
    });

    it('stores through crawlgate_keep_copy (one round trip), which goes with its migration and comes back with it', async () => {
      const stored = request('https://proc.example/1');
      await undoMigrationsAfter(db, 'PageCopies1765000000005');
      // A store that fails is logged and the fetch goes on: without the procedure nothing is stored.
      expect(await cache(1_000_000).keep(org, stored, page('<p>one</p>'))).toBe(false);
      await db.runMigrations();
      expect(await lastMigration(db)).toBe(LATEST_MIGRATION);
      expect(await cache(1_000_000).keep(org, stored, page('<p>one</p>'))).toBe(true);
    });
  }

  if (kind === 'sqlite') {
    it('finds, trims and sweeps through indexes, never a scan of the table', async () => {
      const plan = async (sql: string, params: unknown[]) =>
        ((await db.query(`EXPLAIN QUERY PLAN ${sql}`, params)) as Array<{ detail: string }>).map((row) => row.detail).join('; ');
      const find = await plan('SELECT body FROM page_copy WHERE organization_id = ? AND lookup_hash = ? AND fetched_at >= ? ORDER BY fetched_at DESC LIMIT 1', [org, 'h', '2026-01-01']);
      expect(find).toContain('USING INDEX IDX_page_copy_lookup');
      const trim = await plan('SELECT id, byte_size FROM page_copy WHERE organization_id = ? ORDER BY fetched_at, id LIMIT 200', [org]);
      expect(trim).toMatch(/USING (COVERING )?INDEX IDX_page_copy_org_age/);
      const age = await plan('SELECT id, organization_id, byte_size FROM page_copy WHERE fetched_at < ? ORDER BY fetched_at LIMIT 200', ['2026-01-01']);
      expect(age).toContain('USING INDEX IDX_page_copy_age');
      const over = await plan('SELECT organization_id FROM page_copy_total WHERE bytes > ? LIMIT 100', [1]);
      expect(over).toMatch(/USING (COVERING )?INDEX IDX_page_copy_total_bytes/);
    });
  }
});
