import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Job, JobResult } from '../../src/infra/database/entities/index.js';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { utcDay } from '../../src/modules/billing/utc-day.js';
import { finishProgram } from '../../src/modules/jobs/job-finish.js';
import type { JobOutput } from '../../src/modules/jobs/operation.js';
import { JobRepository } from '../../src/modules/jobs/job.repository.js';
import { insertOrganization, LATEST_MIGRATION, lastMigration, openDatabase, undoMigrationsAfter } from './database.js';

const page = (text: string): JobOutput => ({ type: 'page', mediaType: 'text/html', body: Buffer.from(text), targetStatus: 201, finalUrl: 'http://fin.example/x' });
const lost = { code: 'worker_lost', message: 'The worker running the job stopped.' };

/** A job's end (status, result, tally) as one round trip: crawlgate_finish on MariaDB, its twin program on SQLite. */
describe.each(['sqlite', 'mariadb'] as const)('the job finish on %s', (kind) => {
  let db: DataSource;
  let sql: SqlProgramRunner;
  let jobs: JobRepository;
  let sequence = 0;
  const org = `it-fin-${kind}`;

  /** A running job (or one in `status`) of its own host, so each test reads its own tally row. */
  const runningJob = async (status: 'running' | 'queued' = 'running'): Promise<{ id: string; host: string }> => {
    sequence += 1;
    const id = `itfin_${kind}_${sequence}`;
    const host = `fin${sequence}.example`;
    await jobs.insert(Object.assign(new Job(), {
      id, organizationId: org, kind: 'crawl', status, host, price: 1, refunded: false, options: '{}', webhookUrl: null,
      errorCode: null, errorMessage: null, startedAt: new Date(), finishedAt: null, expiresAt: new Date(Date.now() + 86_400_000),
    }));
    return { id, host };
  };
  /** Everything a finish writes. */
  const state = async (job: { id: string; host: string }) => {
    const [row] = await db.query('SELECT status, error_code, error_message, finished_at FROM job WHERE id = ?', [job.id]);
    const results = await db.query('SELECT content_type, body, meta FROM job_result WHERE job_id = ?', [job.id]);
    const [tally] = await db.query('SELECT attempts, crawls FROM usage_tally WHERE organization_id = ? AND day = ? AND host = ?', [org, utcDay(), job.host]);
    return {
      status: row.status, errorCode: row.error_code, errorMessage: row.error_message, finished: row.finished_at !== null,
      results: results.map((r: { content_type: string; body: Buffer; meta: string }) => ({ contentType: r.content_type, body: Buffer.from(r.body).toString('utf8'), meta: JSON.parse(r.meta) })),
      tally: tally ? { attempts: Number(tally.attempts), crawls: Number(tally.crawls) } : null,
    };
  };

  beforeAll(async () => {
    db = await openDatabase(kind, '_finish');
    sql = new SqlProgramRunner(db);
    jobs = new JobRepository(db.getRepository(Job), db.getRepository(JobResult), sql);
    await insertOrganization(db, org, 0);
  });
  afterAll(async () => db?.destroy());

  it('ends a running job done: its result row, done, and an attempt that is a crawl', async () => {
    const job = await runningJob();
    expect(await jobs.finish(org, job.id, page('<p>é</p>'))).toBe(true);
    expect(await state(job)).toEqual({
      status: 'done', errorCode: null, errorMessage: null, finished: true,
      results: [{ contentType: 'text/html', body: '<p>é</p>', meta: { targetStatus: 201, finalUrl: 'http://fin.example/x' } }],
      tally: { attempts: 1, crawls: 1 },
    });
    expect((await jobs.getWithOutput(org, job.id))?.output).toEqual(page('<p>é</p>'));
  });

  it('stores a page larger than half the server\'s packet limit, byte for byte: pages travel as binary, not as hex in the query text', async () => {
    // MariaDB refuses a packet over max_allowed_packet (16 MiB by default); a page written as hex would be twice its size.
    const [limit] = kind === 'mariadb' ? await db.query('SELECT @@max_allowed_packet AS bytes') : [{ bytes: 16 * 1024 * 1024 }];
    const text = `<p>é${'y'.repeat(Math.floor(Number(limit.bytes) * 0.6))}</p>`;
    const job = await runningJob();
    expect(await jobs.finish(org, job.id, page(text))).toBe(true);
    const [stored] = await db.query('SELECT LENGTH(body) AS bytes FROM job_result WHERE job_id = ?', [job.id]);
    expect(Number(stored.bytes)).toBe(Buffer.byteLength(text));
    // The bytes compared as one buffer: jest's deep equality walks a Buffer byte by byte (minutes for 10 MB).
    const output = (await jobs.getWithOutput(org, job.id))?.output;
    expect(output?.type === 'page' && output.body.equals(Buffer.from(text))).toBe(true);
    expect(output).toEqual({ ...page(''), body: expect.any(Buffer) });
  });

  it('ends a running job failed: its error (cut at 1,000 characters), no result, an attempt and no crawl', async () => {
    const job = await runningJob();
    expect(await jobs.finish(org, job.id, { code: 'navigation_timeout', message: `é${'x'.repeat(1200)}` })).toBe(true);
    expect(await state(job)).toEqual({
      status: 'failed', errorCode: 'navigation_timeout', errorMessage: `é${'x'.repeat(999)}`, finished: true, results: [], tally: { attempts: 1, crawls: 0 },
    });
  });

  it('refuses a second finish: nothing written twice, the tally counted once', async () => {
    const job = await runningJob();
    await jobs.finish(org, job.id, page('first'));
    expect(await jobs.finish(org, job.id, page('second'))).toBe(false);
    expect(await jobs.finish(org, job.id, lost)).toBe(false);
    const after = await state(job);
    expect([after.status, after.errorCode, after.results.map((r: { body: string }) => r.body), after.tally]).toEqual(['done', null, ['first'], { attempts: 1, crawls: 1 }]);
  });

  it('drops a result that comes after the job was failed as lost: the failure stays, no result row, one attempt', async () => {
    const job = await runningJob();
    expect(await jobs.finish(org, job.id, lost)).toBe(true);
    expect(await jobs.finish(org, job.id, page('late'))).toBe(false);
    expect(await state(job)).toEqual({
      status: 'failed', errorCode: 'worker_lost', errorMessage: lost.message, finished: true, results: [], tally: { attempts: 1, crawls: 0 },
    });
  });

  it('keeps exactly one of two finishes racing on the same job', async () => {
    const job = await runningJob();
    const kept = await Promise.all([jobs.finish(org, job.id, page('worker')), jobs.finish(org, job.id, lost), jobs.finish(org, job.id, page('again'))]);
    expect(kept.filter(Boolean)).toHaveLength(1);
    const after = await state(job);
    expect(after.tally?.attempts).toBe(1);
    expect(after.results).toHaveLength(after.status === 'done' ? 1 : 0);
  });

  it('writes nothing when a step after the status fails: the job stays running, no result, no tally', async () => {
    const job = await runningJob();
    if (kind === 'mariadb') {
      // A media type longer than job_result.content_type's 100 characters fails the result's INSERT (strict mode).
      await expect(jobs.finish(org, job.id, { ...page('x'), mediaType: 't'.repeat(101) } as JobOutput)).rejects.toMatchObject({ code: 'ER_DATA_TOO_LONG' });
    } else {
      // SQLite enforces no length: a meta it cannot bind (an object is read as named parameters) fails the INSERT instead.
      const end = { status: 'done' as const, contentType: 'text/html', body: Buffer.from('x'), meta: {} as unknown as string };
      await expect(sql.run(() => finishProgram('sqlite', { organizationId: org, jobId: job.id, end, day: utcDay(), now: new Date() }))).rejects.toThrow('Too few parameter values were provided');
    }
    expect(await state(job)).toEqual({ status: 'running', errorCode: null, errorMessage: null, finished: false, results: [], tally: null });
  });

  it('undoes and redoes its migration (after the ones that follow it)', async () => {
    await undoMigrationsAfter(db, 'ChargeWithJob1764600000000');
    expect(await lastMigration(db)).toBe('ChargeWithJob1764600000000');
    await db.undoLastMigration();
    await db.undoLastMigration();
    expect(await lastMigration(db)).toBe('FinishProcedure1764400000000');
    await db.undoLastMigration();
    expect(await lastMigration(db)).toBe('JobOptionsMediumText1764300000000');
    if (kind === 'mariadb') await expect(jobs.finish(org, (await runningJob()).id, lost)).rejects.toMatchObject({ code: 'ER_SP_DOES_NOT_EXIST' });
    await db.runMigrations();
    expect(await lastMigration(db)).toBe(LATEST_MIGRATION);
    const job = await runningJob();
    expect(await jobs.finish(org, job.id, lost)).toBe(true);
    expect((await state(job)).tally).toEqual({ attempts: 1, crawls: 0 });
  });
  describe('the attempt of a job answered 202 (service-spec States: already tallied)', () => {
    it.each(['queued', 'running'] as const)('tallies a %s job\'s attempt at its 202, once; its end adds only the crawl', async (status) => {
      const job = await runningJob(status);
      expect(await jobs.tallyEarlyAttempt(org, job.id, job.host)).toBe(true);
      expect((await state(job)).tally).toEqual({ attempts: 1, crawls: 0 });
      expect(await jobs.tallyEarlyAttempt(org, job.id, job.host)).toBe(false);
      if (status === 'queued') await db.query('UPDATE job SET status = ? WHERE id = ?', ['running', job.id]);
      expect(await jobs.finish(org, job.id, page('done'))).toBe(true);
      expect((await state(job)).tally).toEqual({ attempts: 1, crawls: 1 });
    });

    it('keeps the attempt of a job that fails after its 202, and adds nothing at its end', async () => {
      const job = await runningJob();
      await jobs.tallyEarlyAttempt(org, job.id, job.host);
      expect(await jobs.finish(org, job.id, lost)).toBe(true);
      expect((await state(job)).tally).toEqual({ attempts: 1, crawls: 0 });
    });

    it('tallies nothing at a 202 that comes after the end: the end counted the attempt', async () => {
      const job = await runningJob();
      await jobs.finish(org, job.id, page('done'));
      expect(await jobs.tallyEarlyAttempt(org, job.id, job.host)).toBe(false);
      expect((await state(job)).tally).toEqual({ attempts: 1, crawls: 1 });
    });

    it("counts a job's attempt and crawl on its request's UTC day, whatever day its 202 or its end comes (a cancel withdraws from that day)", async () => {
      const days = async (job: { host: string }) => (await db.query('SELECT day, attempts, crawls FROM usage_tally WHERE organization_id = ? AND host = ? ORDER BY day', [org, job.host]))
        .map((row: { day: unknown; attempts: number; crawls: number }) => [String(row.day instanceof Date ? utcDay(row.day) : row.day).slice(0, 10), Number(row.attempts), Number(row.crawls)]);
      const requestedAt = new Date(Date.now() - 86_400_000);
      const early = await runningJob();
      await jobs.tallyEarlyAttempt(org, early.id, early.host, requestedAt);
      await jobs.finish(org, early.id, page('done'), requestedAt);
      expect(await days(early)).toEqual([[utcDay(requestedAt), 1, 1]]);
      const late = await runningJob();
      await jobs.finish(org, late.id, lost, requestedAt);
      expect(await days(late)).toEqual([[utcDay(requestedAt), 1, 0]]);
    });

    it('counts the attempt once when the 202 and the end race', async () => {
      const raced = await Promise.all(Array.from({ length: 8 }, () => runningJob()));
      await Promise.all(raced.flatMap((job, n) => [jobs.tallyEarlyAttempt(org, job.id, job.host), jobs.finish(org, job.id, n % 2 ? lost : page('done'))]));
      for (const [n, job] of raced.entries()) expect((await state(job)).tally).toEqual({ attempts: 1, crawls: n % 2 ? 0 : 1 });
    });

    it('undoes and redoes its migrations: undone, the end tallies every attempt as before', async () => {
      await undoMigrationsAfter(db, 'FinishAfterEarlyAttempt1765000000008');
      await db.undoLastMigration();
      expect(await lastMigration(db)).toBe('EarlyAttempt1765000000007');
      if (kind === 'mariadb') {
        // The previous crawlgate_finish, put back: it counts the attempt whatever the row says.
        const job = await runningJob();
        await jobs.tallyEarlyAttempt(org, job.id, job.host);
        await jobs.finish(org, job.id, lost);
        expect((await state(job)).tally).toEqual({ attempts: 2, crawls: 0 });
      }
      await db.undoLastMigration();
      expect(await lastMigration(db)).toBe('KeepCopyProcedure1765000000006');
      await expect(db.query('SELECT attempt_tallied_early FROM job')).rejects.toThrow(/attempt_tallied_early/);
      await db.runMigrations();
      expect(await lastMigration(db)).toBe(LATEST_MIGRATION);
      const job = await runningJob();
      await jobs.tallyEarlyAttempt(org, job.id, job.host);
      await jobs.finish(org, job.id, lost);
      expect((await state(job)).tally).toEqual({ attempts: 1, crawls: 0 });
    });
  });
});
