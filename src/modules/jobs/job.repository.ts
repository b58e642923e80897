import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, Repository } from 'typeorm';
import { Job, JobResult } from '../../infra/database/entities/index.js';
import type { TargetMediaType } from '../../common/http/metered-answer.js';
import type { JobOutput } from './operation.js';

/** Jobs and their results. Every lookup for a caller takes the organization first. */
@Injectable()
export class JobRepository {
  constructor(
    @InjectRepository(Job) private readonly jobs: Repository<Job>,
    @InjectRepository(JobResult) private readonly results: Repository<JobResult>,
  ) {}

  /**
   * One INSERT: save() would first SELECT the row, wrap both in a transaction and read the defaults back (four round
   * trips and TypeORM's persistence machinery for a row whose every column we set).
   */
  async insert(job: Job): Promise<Job> {
    await this.jobs.createQueryBuilder().insert().values(job).updateEntity(false).execute();
    return job;
  }

  getForOrganization(organizationId: string, id: string): Promise<Job | null> {
    return this.jobs.findOneBy({ organizationId, id });
  }

  /** queued -> running; false when another worker or the janitor got there first. */
  async markRunning(organizationId: string, id: string): Promise<boolean> {
    const result = await this.jobs.update({ organizationId, id, status: 'queued' }, { status: 'running', startedAt: new Date() });
    return (result.affected ?? 0) === 1;
  }

  async markFailed(organizationId: string, id: string, code: string, message: string): Promise<boolean> {
    const result = await this.jobs.update(
      { organizationId, id, status: In(['queued', 'running']) },
      { status: 'failed', errorCode: code, errorMessage: message.slice(0, 1000), finishedAt: new Date() },
    );
    return (result.affected ?? 0) === 1;
  }

  /** Stores the output, then marks the job done; the result row exists before anyone can see `done`. */
  async complete(organizationId: string, id: string, output: JobOutput): Promise<boolean> {
    const { body, contentType, meta } = encodeOutput(output);
    // An upsert in one statement: a retry after a lost acknowledgement finds its own row there.
    await this.results.createQueryBuilder().insert().values({ jobId: id, body, contentType, meta: JSON.stringify(meta) })
      .orUpdate(['content_type', 'body', 'meta'], ['job_id']).updateEntity(false).execute();
    // Only a job still running ends done: one already failed as lost stays failed.
    const result = await this.jobs.update({ organizationId, id, status: 'running' }, { status: 'done', finishedAt: new Date() });
    return (result.affected ?? 0) === 1;
  }

  /** The job and, when it has one, its output, in one query (collection and the synchronous answer read both). */
  async getWithOutput(organizationId: string, id: string): Promise<{ job: Job; output: JobOutput | null } | null> {
    const job = (await this.jobs.createQueryBuilder('job')
      .leftJoinAndMapOne('job.result', JobResult, 'result', 'result.jobId = job.id')
      .where('job.organizationId = :organizationId', { organizationId })
      .andWhere('job.id = :id', { id })
      .getOne()) as (Job & { result?: JobResult | null }) | null;
    if (!job) return null;
    const result = job.result ?? null;
    delete job.result;
    return { job, output: result ? decodeOutput(result) : null };
  }

  async output(job: Job): Promise<JobOutput | null> {
    const row = await this.results.findOneBy({ jobId: job.id });
    return row ? decodeOutput(row) : null;
  }

  /** Oldest first; with `createdBefore`, only jobs created before it. */
  listByStatus(status: 'queued' | 'running', take: number, createdBefore?: Date): Promise<Job[]> {
    return this.jobs.find({ where: { status, ...(createdBefore ? { createdAt: LessThan(createdBefore) } : {}) }, order: { createdAt: 'ASC' }, take });
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

  listStuck(before: Date): Promise<Job[]> {
    return this.jobs.find({ where: { status: 'running', startedAt: LessThan(before) }, take: 100 });
  }

  async deleteExpired(now: Date): Promise<number> {
    const expired = await this.jobs.find({ select: { id: true }, where: { expiresAt: LessThan(now) }, take: 500 });
    if (expired.length === 0) return 0;
    const ids = expired.map((job) => job.id);
    await this.results.delete({ jobId: In(ids) });
    await this.jobs.delete({ id: In(ids) });
    return ids.length;
  }
}

function encodeOutput(output: JobOutput): { body: Buffer; contentType: string; meta: object } {
  if (output.type === 'page') {
    return { body: Buffer.from(output.text, 'utf8'), contentType: output.mediaType, meta: { targetStatus: output.targetStatus, finalUrl: output.finalUrl } };
  }
  return {
    body: Buffer.from(JSON.stringify(output.data ?? null), 'utf8'),
    contentType: 'application/json',
    meta: { targetStatus: output.targetStatus, finalUrl: output.finalUrl },
  };
}

function decodeOutput(row: JobResult): JobOutput {
  const meta = JSON.parse(row.meta) as { targetStatus?: number; finalUrl?: string };
  const text = Buffer.from(row.body).toString('utf8');
  if (isPageMediaType(row.contentType)) {
    return { type: 'page', mediaType: row.contentType, text, targetStatus: meta.targetStatus ?? 200, finalUrl: meta.finalUrl ?? '' };
  }
  return { type: 'data', data: JSON.parse(text), targetStatus: meta.targetStatus, finalUrl: meta.finalUrl };
}

function isPageMediaType(type: string): type is TargetMediaType {
  return type === 'text/html' || type === 'text/markdown' || type === 'text/plain';
}
