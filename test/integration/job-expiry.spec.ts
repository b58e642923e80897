import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Job, JobResult } from '../../src/infra/database/entities/index.js';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { JobRepository } from '../../src/modules/jobs/job.repository.js';
import { insertOrganization, openDatabase } from './database.js';

const HOUR = 3_600_000;

/** decisions 6: RESULT_TTL_HOURS is how long a finished job's result can be collected, counted from its end. */
describe.each(['sqlite', 'mariadb'] as const)('expired jobs on %s', (kind) => {
  let db: DataSource;
  let jobs: JobRepository;
  const org = `it-expiry-${kind}`;
  const now = new Date('2026-12-06T12:00:00.000Z');

  /** A job created `createdHoursAgo` with a 24 h expiry from then, finished `finishedHoursAgo` (null: never). */
  const jobAt = async (name: string, createdHoursAgo: number, finishedHoursAgo: number | null): Promise<string> => {
    const created = new Date(now.getTime() - createdHoursAgo * HOUR);
    const job = Object.assign(new Job(), {
      id: `itexp_${kind}_${name}`, organizationId: org, kind: 'crawl', status: finishedHoursAgo === null ? 'queued' : 'done', host: 'expiry.example',
      price: 1, refunded: false, options: '{}', webhookUrl: null, errorCode: null, errorMessage: null, createdAt: created, startedAt: null,
      finishedAt: finishedHoursAgo === null ? null : new Date(now.getTime() - finishedHoursAgo * HOUR), expiresAt: new Date(created.getTime() + 24 * HOUR),
    });
    await jobs.insert(job);
    return job.id;
  };

  beforeAll(async () => {
    db = await openDatabase(kind, '_expiry');
    jobs = new JobRepository(db.getRepository(Job), db.getRepository(JobResult), new SqlProgramRunner(db));
    await insertOrganization(db, org, 0);
  });
  afterAll(async () => db?.destroy());

  it('deletes a job 24 h after its end, not after its creation; never one that has not ended (a long site crawl, a backlog)', async () => {
    const ids = {
      young: await jobAt('young', 2, 1),
      lateFinish: await jobAt('late', 30, 20),
      old: await jobAt('old', 50, 49),
      neverEnded: await jobAt('never', 30, null),
    };
    expect(await jobs.deleteExpired(now, new Date(now.getTime() - 24 * HOUR))).toBe(1);
    const left = (await db.getRepository(Job).find({ where: { organizationId: org }, select: { id: true } })).map((job) => job.id).sort();
    expect(left).toEqual([ids.lateFinish, ids.neverEnded, ids.young].sort());
  });

  it('deletes an expired site crawl\'s frontier with its job, and no other crawl\'s', async () => {
    const frontierOf = async (crawlId: string) => {
      await db.query('INSERT INTO site_crawl (job_id, organization_id) VALUES (?, ?)', [crawlId, org]);
      for (const path of ['/', '/a']) {
        await db.query("INSERT INTO site_page (crawl_id, organization_id, key_hash, url, depth, state, queued_at) VALUES (?, ?, ?, ?, 0, 'done', ?)",
          [crawlId, org, `${crawlId}${path}`, `http://expiry.example${path}`, '2026-12-06 12:00:00']);
      }
    };
    const expired = await jobAt('site-old', 60, 59);
    const kept = await jobAt('site-young', 3, 2);
    await frontierOf(expired);
    await frontierOf(kept);
    expect(await jobs.deleteExpired(now, new Date(now.getTime() - 24 * HOUR))).toBe(1);
    const pages = await db.query('SELECT crawl_id FROM site_page WHERE organization_id = ? ORDER BY id', [org]);
    expect(pages.map((row: { crawl_id: string }) => row.crawl_id)).toEqual([kept, kept]);
    const crawls = await db.query('SELECT job_id FROM site_crawl WHERE organization_id = ?', [org]);
    expect(crawls.map((row: { job_id: string }) => row.job_id)).toEqual([kept]);
  });
});
