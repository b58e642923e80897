import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, Not, Repository } from 'typeorm';
import { Job, JobResult } from '../../infra/database/entities/index.js';
import type { TargetMediaType } from '../../common/http/metered-answer.js';
import type { JobOutput } from './operation.js';
import { rowBoolean } from '../../infra/database/row-values.js';
import { Dialect, exec, query, SqlProgramRunner } from '../../infra/database/sql-program.js';
import { deleteExpiredKeys } from '../billing/idempotency-record.js';
import { utcDay } from '../billing/utc-day.js';
import { earlyAttemptProgram } from './job-early-attempt.js';
import { finishParams, finishProgram, JobEnd, JobFailure } from './job-finish.js';
import { JOB_WITH_RESULT_COLUMNS, jobFromRow, resultFromRow } from './job-row.js';
import { startParams, startProgram } from './job-start.js';

const GET_WITH_OUTPUT = `SELECT ${JOB_WITH_RESULT_COLUMNS} FROM job j LEFT JOIN job_result r ON r.job_id = j.id WHERE j.organization_id = ? AND j.id = ?`;
/** The live key with this hash, and its organization's job with this id when there is one (job collection). */
const COLLECT_BY_KEY = `SELECT k.key_hash AS stored_key_hash, k.organization_id AS key_organization_id, ${JOB_WITH_RESULT_COLUMNS} FROM api_key k `
  + 'INNER JOIN organization o ON o.id = k.organization_id LEFT JOIN job j ON j.organization_id = k.organization_id AND j.id = ? '
  + 'LEFT JOIN job_result r ON r.job_id = j.id WHERE k.key_hash = ? AND k.revoked_at IS NULL';
/** Expired jobs one deleteExpired call takes. */
export const EXPIRED_BATCH = 500;
export type CollectedJob = { keyHash: string; organizationId: string; found: { job: Job; output: JobOutput | null } | null };

/**
 * Jobs and their results. Every lookup for a caller takes the organization first. The writes of every job (its start,
 * its end) are plain SQL: TypeORM's query builder cost more than the statements themselves.
 */
@Injectable()
export class JobRepository {
  constructor(
    @InjectRepository(Job) private readonly jobs: Repository<Job>,
    @InjectRepository(JobResult) private readonly results: Repository<JobResult>,
    private readonly sql: SqlProgramRunner,
  ) {}

  /** The database's SQL dialect, for the programs of jobs that other services run in their transactions. */
  get dialect(): Dialect {
    return this.sql.dialect;
  }

  /**
   * A whole job row in one INSERT, in any status (tools and tests). A metered request's job row is written by its
   * charge, in the charge's transaction (LedgerService.charge); save() would SELECT first and read the defaults back.
   */
  async insert(job: Job): Promise<Job> {
    await this.jobs.createQueryBuilder().insert().values(job).updateEntity(false).execute();
    return job;
  }

  getForOrganization(organizationId: string, id: string): Promise<Job | null> {
    return this.jobs.findOneBy({ organizationId, id });
  }

  /**
   * queued -> running in one round trip, answering the running job; null when this call did not move it (unknown job,
   * another organization's, another worker got there first, or no longer queued).
   */
  async start(organizationId: string, id: string): Promise<Job | null> {
    const request = { organizationId, jobId: id, now: new Date() };
    if (this.sql.dialect === 'sqlite') return this.sql.run(() => startProgram(request));
    const [row] = await this.sql.call('crawlgate_start', ...startParams(request));
    return row ? jobFromRow(row) : null;
  }

  /** A job that never ran (its enqueue failed): failed, not tallied. A running job ends through finish(). */
  async markFailed(organizationId: string, id: string, code: string, message: string): Promise<boolean> {
    const result = await this.jobs.update(
      { organizationId, id, status: In(['queued', 'running']) },
      { status: 'failed', errorCode: code, errorMessage: message.slice(0, 1000), finishedAt: new Date() },
    );
    return (result.affected ?? 0) === 1;
  }

  /**
   * Ends a running job in one round trip, all or nothing: done with its result row, or failed; and the outcome tallied.
   * False when the job was no longer running (failed as lost meanwhile): then nothing is written. A job's attempt and
   * crawl count on the UTC day of its request (`requestedAt`, its row's creation), as its charge and a 202's early
   * attempt, a cancel's withdrawal and a refund's do: across midnight they all name one day.
   */
  async finish(organizationId: string, id: string, end: JobOutput | JobFailure, requestedAt = new Date()): Promise<boolean> {
    const request = { organizationId, jobId: id, end: encodeEnd(end), day: utcDay(requestedAt), now: new Date() };
    if (this.sql.dialect === 'sqlite') return this.sql.run(() => finishProgram(this.sql.dialect, request));
    const [row] = await this.sql.call('crawlgate_finish', ...finishParams(request));
    return Number(row.kept) === 1;
  }

  /** The attempt of a job whose request is answered 202, tallied now (service-spec States); false when its end came first and tallied it. */
  tallyEarlyAttempt(organizationId: string, id: string, host: string, requestedAt = new Date()): Promise<boolean> {
    return this.sql.run(() => earlyAttemptProgram(this.sql.dialect, { organizationId, jobId: id, host, day: utcDay(requestedAt) }));
  }

  /** Whether the job's request was answered 202 (its attempt tallied then, job-early-attempt.ts). */
  async answeredQueued(organizationId: string, id: string): Promise<boolean> {
    const rows = await this.sql.rows(query('SELECT attempt_tallied_early FROM job WHERE organization_id = ? AND id = ?', organizationId, id));
    return rows.length === 1 && rowBoolean(rows[0].attempt_tallied_early);
  }

  /**
   * The job and, when it has one, its output, in one plain query (collection and the synchronous answer read both;
   * collection is free and unlimited, so it skips the query builder).
   */
  async getWithOutput(organizationId: string, id: string): Promise<{ job: Job; output: JobOutput | null } | null> {
    const rows = await this.sql.rows(query(GET_WITH_OUTPUT, organizationId, id));
    if (rows.length === 0) return null;
    const result = resultFromRow(rows[0]);
    return { job: jobFromRow(rows[0]), output: result ? decodeOutput(result) : null };
  }

  /**
   * Job collection in one round trip: the live key with this hash (null: none) and, when its organization has a job
   * with this id, the job and its output (`job` null: none, or another organization's).
   */
  async collectByKey(keyHash: string, id: string): Promise<CollectedJob | null> {
    const rows = await this.sql.rows(query(COLLECT_BY_KEY, id, keyHash));
    if (rows.length !== 1) return null;
    const row = rows[0];
    const result = resultFromRow(row);
    const found = row.id === null || row.id === undefined ? null : { job: jobFromRow(row), output: result ? decodeOutput(result) : null };
    return { keyHash: row.stored_key_hash as string, organizationId: row.key_organization_id as string, found };
  }

  async output(job: Job): Promise<JobOutput | null> {
    const row = await this.results.findOneBy({ jobId: job.id });
    return row ? decodeOutput(row) : null;
  }

  /**
   * Oldest first; with `createdBefore`, only jobs created before it; never of `exceptKinds` (left out in the query, so
   * that long-lived rows of those kinds cannot fill the batch).
   */
  listByStatus(status: 'queued' | 'running', take: number, { createdBefore, exceptKinds = [] }: { createdBefore?: Date; exceptKinds?: readonly string[] } = {}): Promise<Job[]> {
    const where = { status, ...(createdBefore ? { createdAt: LessThan(createdBefore) } : {}), ...(exceptKinds.length ? { kind: Not(In([...exceptKinds])) } : {}) };
    return this.jobs.find({ where, order: { createdAt: 'ASC' }, take });
  }

  /**
   * Queued and running jobs, their id and organization only, oldest first, `take` of each status at most, except the
   * kinds that hold no plan slot of their own (a maintenance read across organizations, for the slot keeper).
   */
  async openJobs(exceptKinds: readonly string[], take: number): Promise<Array<{ id: string; organizationId: string }>> {
    const select = { id: true, organizationId: true };
    const where = (status: Job['status']) => ({ status, ...(exceptKinds.length ? { kind: Not(In([...exceptKinds])) } : {}) });
    const [running, queued] = await Promise.all((['running', 'queued'] as const).map((status) => this.jobs.find({ select, where: where(status), order: { createdAt: 'ASC' }, take })));
    return [...running, ...queued];
  }

  /** The status of each of these jobs that exists (a maintenance read across organizations, for the slot keeper). */
  async statusesOf(ids: readonly string[]): Promise<Map<string, Job['status']>> {
    const statuses = new Map<string, Job['status']>();
    for (let start = 0; start < ids.length; start += 500) {
      const rows = await this.jobs.find({ select: { id: true, status: true }, where: { id: In(ids.slice(start, start + 500)) } });
      for (const row of rows) statuses.set(row.id, row.status);
    }
    return statuses;
  }

  /**
   * Ended jobs past their expiry, EXPIRED_BATCH at most a call. A job's expiry is set at its creation (RESULT_TTL_HOURS
   * on); one that finished later is kept until RESULT_TTL_HOURS after its end (decisions 6: how long a finished job's
   * result can be collected), `finishedBefore` being now less that TTL. A job that has not ended is never deleted,
   * however old: a site crawl runs up to SITE_MAX_HOURS, a backlog may hold a job past a day, and a lost one is the
   * LostJobSweeper's to fail (then it is deleted a TTL later).
   */
  async deleteExpired(now: Date, finishedBefore: Date): Promise<number> {
    const expired = await this.jobs.find({
      select: { id: true },
      where: { expiresAt: LessThan(now), finishedAt: LessThan(finishedBefore) },
      take: EXPIRED_BATCH,
    });
    if (expired.length === 0) return 0;
    const ids = expired.map((job) => job.id);
    await this.results.delete({ jobId: In(ids) });
    // A site crawl's frontier goes with its job (decisions.md 9.3: pages are kept RESULT_TTL_HOURS after the crawl ends).
    const marks = ids.map(() => '?').join(', ');
    await this.sql.execute(exec(`DELETE FROM site_page WHERE crawl_id IN (${marks})`, ...ids));
    await this.sql.execute(exec(`DELETE FROM site_crawl WHERE job_id IN (${marks})`, ...ids));
    await this.jobs.delete({ id: In(ids) });
    return ids.length;
  }

  /** Idempotency-Keys past their day, a batch (EXPIRED_BATCH) at most: the number deleted. */
  deleteExpiredKeys(now: Date): Promise<number> {
    return deleteExpiredKeys(this.sql, now, EXPIRED_BATCH);
  }
}

function encodeEnd(end: JobOutput | JobFailure): JobEnd {
  if (!('type' in end)) return { status: 'failed', code: end.code, message: end.message.slice(0, 1000) };
  const meta = JSON.stringify({ targetStatus: end.targetStatus, finalUrl: end.finalUrl, copyFetchedAt: end.copyFetchedAt });
  if (end.type === 'page') return { status: 'done', body: end.body, contentType: end.mediaType, meta };
  return { status: 'done', body: Buffer.from(JSON.stringify(end.data ?? null), 'utf8'), contentType: 'application/json', meta };
}

/** A page is answered from the row's Buffer as it is (rowBuffer, or TypeORM's blob), never decoded on the way. */
function decodeOutput(row: JobResult): JobOutput {
  const meta = JSON.parse(row.meta) as { targetStatus?: number; finalUrl?: string; copyFetchedAt?: number };
  const copy = meta.copyFetchedAt === undefined ? {} : { copyFetchedAt: meta.copyFetchedAt };
  if (isPageMediaType(row.contentType)) {
    return { type: 'page', mediaType: row.contentType, body: row.body, targetStatus: meta.targetStatus ?? 200, finalUrl: meta.finalUrl ?? '', ...copy };
  }
  return { type: 'data', data: JSON.parse(row.body.toString('utf8')), targetStatus: meta.targetStatus, finalUrl: meta.finalUrl, ...copy };
}

function isPageMediaType(type: string): type is TargetMediaType {
  return type === 'text/html' || type === 'text/markdown' || type === 'text/plain';
}
