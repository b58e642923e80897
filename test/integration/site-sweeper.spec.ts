import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config.js';
import { Job, Organization } from '../../src/infra/database/entities/index.js';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { LedgerService } from '../../src/modules/billing/ledger.service.js';
import { LimitsService } from '../../src/modules/billing/limits.service.js';
import { FrontierRepository } from '../../src/modules/site/frontier/frontier.repository.js';
import { NO_SKIPS } from '../../src/modules/site/frontier/frontier-types.js';
import type { NewPage, PageRecord } from '../../src/modules/site/frontier/frontier-types.js';
import { SiteSweeper } from '../../src/modules/site/site-sweeper.service.js';
import { insertOrganization, openDatabase } from './database.js';

const hash = (key: string) => createHash('sha256').update(key).digest('hex');
const page = (path: string, depth = 1, parent: string | null = 'http://s.test/'): NewPage => ({ url: `http://s.test${path}`, keyHash: hash(`s.test${path}`), depth, parent });
const DONE: PageRecord = { state: 'done', targetStatus: 200, finalUrl: null, credits: 1, content: 'c', metadata: '{}', links: '[]', data: null, error: null, duplicateOf: null };
const LATER = new Date(Date.now() + 86_400_000);
const LEASE_MS = 900;

/** decisions.md 9.3 "Load": a site page holds one of its organization's plan slots only while it runs. */
describe('SiteSweeper: a plan slot whose site page no longer runs is freed', () => {
  const redis = new Redis(process.env.IT_REDIS_URL ?? 'redis://127.0.0.1:6379/5');
  const limits = new LimitsService(redis);
  const org = `sweep-${Date.now()}`;
  let db: DataSource;
  let frontier: FrontierRepository;
  let sweeper: SiteSweeper;
  /** Its lease is ten minutes: every slot of the test was taken less than a lease ago. */
  let patient: SiteSweeper;
  const requeued: Array<{ id: string; priority: number }> = [];

  beforeAll(async () => {
    db = await openDatabase('sqlite', '_sweeper');
    const sql = new SqlProgramRunner(db);
    frontier = new FrontierRepository(sql, new LedgerService(sql));
    const queue = { unmarked: async () => [], add: async (_org: string, _crawl: string, pageIds: string[], priority: number) => void requeued.push(...pageIds.map((id) => ({ id, priority }))) };
    const organizations = { getById: (id: string) => db.getRepository(Organization).findOneBy({ id }) };
    sweeper = new SiteSweeper(loadConfig({ SLOT_LEASE_MS: String(LEASE_MS) }), redis, frontier, queue as never, limits, {} as never, organizations as never);
    patient = new SiteSweeper(loadConfig({ SLOT_LEASE_MS: '600000' }), redis, frontier, queue as never, limits, {} as never, organizations as never);
    await insertOrganization(db, org, 0);
  });
  afterAll(async () => {
    await redis.del(`crawlgate:slots:${org}`);
    await redis.quit();
    await db?.destroy();
  });

  /** A crawl of `org` with its start page waiting; answers the start page's id. */
  const newCrawl = async (crawlId: string): Promise<string> => {
    const job = Object.assign(new Job(), {
      id: crawlId, organizationId: org, kind: 'site', status: 'queued', host: 's.test', price: 1, refunded: false, options: '{}', webhookUrl: null,
      createdAt: new Date(), expiresAt: LATER,
    });
    return (await frontier.create(job, page('/', 0, null), 5))!;
  };

  it('frees the slot of a page recorded (its worker died before releasing it), keeps the slot of a page running', async () => {
    const crawlId = `sweep_${Date.now()}`;
    const start = await newCrawl(crawlId);
    expect((await frontier.claim(org, crawlId, start, LATER, LATER)).taken).toBe(true);
    await limits.acquireSlot(org, `${crawlId}/${start}`, 5, 60_000);
    const { added } = await frontier.finish({ organizationId: org, crawlId, pageId: start, record: DONE, links: [page('/a')], alias: null, skips: { ...NO_SKIPS }, limit: 100, now: new Date(), expiresAt: LATER });
    expect((await frontier.claim(org, crawlId, added[0], LATER, LATER)).taken).toBe(true);
    await limits.acquireSlot(org, `${crawlId}/${added[0]}`, 5, 60_000);

    const holders = async () => (await limits.slotHolders()).filter((slot) => slot.organizationId === org).map((slot) => slot.holder).sort();
    // A slot taken less than a lease ago is left alone (its page may be about to be claimed).
    await patient.sweep();
    expect(await holders()).toEqual([`${crawlId}/${added[0]}`, `${crawlId}/${start}`].sort());
    for (const until = Date.now() + 5000; (await holders()).length > 1 && Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 100))) await sweeper.sweep();
    expect(await holders()).toEqual([`${crawlId}/${added[0]}`]);
    expect(await limits.slotsInUse(org)).toBe(1);
  });

  it('queues a page lost with its worker again at its organization\'s plan priority (a standard plan: 3)', async () => {
    const crawlId = `sweep_lost_${Date.now()}`;
    const start = await newCrawl(crawlId);
    expect((await frontier.claim(org, crawlId, start, new Date(Date.now() - 1000), LATER)).taken).toBe(true);
    await sweeper.sweep();
    expect(requeued).toContainEqual({ id: start, priority: 3 });
  });
});
