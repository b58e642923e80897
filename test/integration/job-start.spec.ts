import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Job, JobResult } from '../../src/infra/database/entities/index.js';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { JobRepository } from '../../src/modules/jobs/job.repository.js';
import { insertOrganization, LATEST_MIGRATION, lastMigration, openDatabase, undoMigrationsAfter } from './database.js';

/** A job's start (queued -> running, and its row) as one round trip: crawlgate_start on MariaDB, its twin program on SQLite. */
describe.each(['sqlite', 'mariadb'] as const)('the job start on %s', (kind) => {
  let db: DataSource;
  let jobs: JobRepository;
  let sequence = 0;
  const org = `it-start-${kind}`;
  const otherOrg = `it-start-other-${kind}`;
  const created = new Date('2026-11-20T10:00:00.123Z');
  const expires = new Date('2026-11-21T10:00:00.456Z');

  /** A job of `org` in `status`, every column set to a value a read could get wrong. */
  const jobIn = async (status: Job['status'], organizationId = org): Promise<Job> => {
    sequence += 1;
    const job = Object.assign(new Job(), {
      id: `itstart_${kind}_${sequence}`, organizationId, kind: 'screenshot', status, host: `start${sequence}.example`, price: 7, refunded: false,
      options: '{"url":"http://start.example/é"}', webhookUrl: 'https://hooks.example/in', errorCode: null, errorMessage: null,
      createdAt: created, startedAt: null, finishedAt: null, expiresAt: expires,
    });
    await jobs.insert(job);
    return job;
  };
  const row = async (id: string) => {
    const [found] = await db.query('SELECT status, started_at FROM job WHERE id = ?', [id]);
    return { status: found.status, started: found.started_at !== null };
  };

  beforeAll(async () => {
    db = await openDatabase(kind, '_start');
    jobs = new JobRepository(db.getRepository(Job), db.getRepository(JobResult), new SqlProgramRunner(db));
    await insertOrganization(db, org, 0);
    await insertOrganization(db, otherOrg, 0);
  });
  afterAll(async () => db?.destroy());

  it('moves a queued job to running and answers its whole row as it now stands', async () => {
    const job = await jobIn('queued');
    const before = Date.now();
    const started = await jobs.start(org, job.id);
    expect(started).toBeInstanceOf(Job);
    expect({ ...started, startedAt: null }).toEqual({ ...job, status: 'running' });
    expect(started!.startedAt!.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(started!.startedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1);
    expect(started).toEqual(await jobs.getForOrganization(org, job.id));
  });

  it('answers null to a second start, and leaves the row as the first one wrote it', async () => {
    const job = await jobIn('queued');
    const first = await jobs.start(org, job.id);
    expect(await jobs.start(org, job.id)).toBeNull();
    expect(await jobs.getForOrganization(org, job.id)).toEqual(first);
  });

  it.each(['running', 'done', 'failed'] as const)('answers null for a %s job and leaves it so', async (status) => {
    const job = await jobIn(status);
    expect(await jobs.start(org, job.id)).toBeNull();
    expect(await row(job.id)).toEqual({ status, started: false });
  });

  it("answers null for another organization's job and leaves it queued", async () => {
    const job = await jobIn('queued', otherOrg);
    expect(await jobs.start(org, job.id)).toBeNull();
    expect(await row(job.id)).toEqual({ status: 'queued', started: false });
    expect((await jobs.start(otherOrg, job.id))?.status).toBe('running');
  });

  it('answers null for an unknown job', async () => {
    expect(await jobs.start(org, `itstart_${kind}_nobody`)).toBeNull();
  });

  it('gives a job to exactly one of several racing starts', async () => {
    const job = await jobIn('queued');
    const starts = await Promise.all(Array.from({ length: 4 }, () => jobs.start(org, job.id)));
    expect(starts.filter((started) => started !== null)).toHaveLength(1);
    expect(await row(job.id)).toEqual({ status: 'running', started: true });
  });

  it('undoes and redoes its migration (after the one that follows it)', async () => {
    await undoMigrationsAfter(db, 'ChargeWithJob1764600000000');
    expect(await lastMigration(db)).toBe('ChargeWithJob1764600000000');
    await db.undoLastMigration();
    expect(await lastMigration(db)).toBe('StartProcedure1764500000000');
    await db.undoLastMigration();
    expect(await lastMigration(db)).toBe('FinishProcedure1764400000000');
    if (kind === 'mariadb') await expect(jobs.start(org, (await jobIn('queued')).id)).rejects.toMatchObject({ code: 'ER_SP_DOES_NOT_EXIST' });
    await db.runMigrations();
    expect(await lastMigration(db)).toBe(LATEST_MIGRATION);
    expect((await jobs.start(org, (await jobIn('queued')).id))?.status).toBe('running');
  });
});
