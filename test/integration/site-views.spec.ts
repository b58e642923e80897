import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { Job } from '../../src/infra/database/entities/index.js';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import type { Row, SqlStatement } from '../../src/infra/database/sql-program.js';
import { LedgerService } from '../../src/modules/billing/ledger.service.js';
import type { JobLine } from '../../src/modules/jobs/job-line.service.js';
import { FrontierRepository } from '../../src/modules/site/frontier/frontier.repository.js';
import { NO_SKIPS } from '../../src/modules/site/frontier/frontier-types.js';
import type { NewPage, PageRecord } from '../../src/modules/site/frontier/frontier-types.js';
import { BYTES_PER_ANSWER, SiteViews } from '../../src/modules/site/site-views.js';
import { insertOrganization, openDatabase } from './database.js';

const hash = (key: string) => createHash('sha256').update(key).digest('hex');
const page = (path: string): NewPage => ({ url: `http://s.test${path}`, keyHash: hash(`s.test${path}`), depth: 1, parent: 'http://s.test/' });
const LATER = new Date(Date.now() + 86_400_000);
const MB = 1024 * 1024;
const record = (bytes: number): PageRecord => ({ state: 'done', targetStatus: 200, finalUrl: null, credits: 1, content: 'x'.repeat(bytes), metadata: '{}', links: '[]', data: null, error: null, duplicateOf: null });

/** decisions.md 9.3: at most 50 pages and 10 MiB an answer; a larger page comes alone. */
describe.each(['sqlite', 'mariadb'] as const)('a site crawl collected a cursor at a time on %s', (kind) => {
  let db: DataSource;
  let sql: SqlProgramRunner;
  let frontier: FrontierRepository;
  const org = `sv-${kind}`;
  /** Characters of page content the database handed to the API since the last reset. */
  let contentRead = 0;

  beforeAll(async () => {
    db = await openDatabase(kind, '_views');
    sql = new SqlProgramRunner(db);
    const rows = sql.rows.bind(sql);
    sql.rows = async (statement: SqlStatement): Promise<Row[]> => {
      const answer = await rows(statement);
      for (const row of answer) contentRead += typeof row.content === 'string' ? row.content.length : 0;
      return answer;
    };
    frontier = new FrontierRepository(sql, new LedgerService(sql));
    await insertOrganization(db, org, 0);
  });
  afterAll(async () => db?.destroy());

  it('answers pages up to 10 MiB, a 12 MB page alone, reading only the pages it answers', async () => {
    const crawlId = `views_${kind}_${Date.now()}`;
    const job = Object.assign(new Job(), {
      id: crawlId, organizationId: org, kind: 'site', status: 'queued', host: 's.test', price: 1, refunded: false,
      options: JSON.stringify({ page: { url: 'http://s.test/' } }), webhookUrl: null, createdAt: new Date(), expiresAt: LATER,
    });
    const start = (await frontier.create(job, { ...page('/'), depth: 0, parent: null }, 5))!;
    await frontier.claim(org, crawlId, start, LATER, LATER);
    const paths = ['/a', '/b', '/c', '/d'];
    const { added } = await frontier.finish({ organizationId: org, crawlId, pageId: start, record: record(1000), links: paths.map(page), alias: null, skips: { ...NO_SKIPS }, limit: 100, now: new Date(), expiresAt: LATER });
    // Finished in this order: 4 MB, 4 MB, 12 MB, 3 MB.
    for (const [i, bytes] of [4 * MB, 4 * MB, 12 * MB, 3 * MB].entries()) {
      await frontier.claim(org, crawlId, added[i], LATER, LATER);
      await frontier.finish({ organizationId: org, crawlId, pageId: added[i], record: record(bytes), links: [], alias: null, skips: { ...NO_SKIPS }, limit: 100, now: new Date(), expiresAt: LATER });
    }
    const views = new SiteViews(sql, { position: async () => null } as unknown as JobLine);
    const answered: Array<{ urls: string[]; bytes: number; read: number }> = [];
    let cursor: string | undefined;
    for (;;) {
      contentRead = 0;
      const current = await db.getRepository(Job).findOneByOrFail({ id: crawlId });
      const answer = await views.collect(current, cursor);
      const body = (answer.body as { json: { pages: Array<{ url: string }>; next: string | null } }).json;
      answered.push({ urls: body.pages.map((one) => one.url), bytes: Buffer.byteLength(JSON.stringify(body.pages)), read: contentRead });
      if (body.next === null) break;
      cursor = new URL(body.next, 'http://x').searchParams.get('cursor')!;
    }
    expect(answered.map((one) => one.urls)).toEqual([['http://s.test/', 'http://s.test/a', 'http://s.test/b'], ['http://s.test/c'], ['http://s.test/d']]);
    expect(answered[0].bytes).toBeLessThanOrEqual(BYTES_PER_ANSWER);
    // Only the pages answered are read: not the next ones, which would not fit.
    expect(answered.map((one) => one.read)).toEqual([8 * MB + 1000, 12 * MB, 3 * MB]);
  });
});
