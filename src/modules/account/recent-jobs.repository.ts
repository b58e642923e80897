import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Job } from '../../infra/database/entities/index.js';
import { rowBoolean } from '../../infra/database/row-values.js';

/** A job of the list, and whether a stored copy answered it (decisions.md 9.6; a column outside the entity). */
export type RecentJob = Job & { readonly fromCopy: boolean };

/** An organization's own jobs, newest first; the organization is in every WHERE clause. */
@Injectable()
export class RecentJobsRepository {
  constructor(@InjectRepository(Job) private readonly jobs: Repository<Job>) {}

  /** Without the options column: a recipe's body can be large and the list never shows it. */
  async newest(organizationId: string, limit: number): Promise<RecentJob[]> {
    const jobs = await this.jobs.find({
      select: { id: true, kind: true, status: true, host: true, price: true, refunded: true, errorMessage: true, createdAt: true, finishedAt: true },
      where: { organizationId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
    if (jobs.length === 0) return [];
    const marks = (await this.jobs.query(
      `SELECT id, from_copy FROM job WHERE organization_id = ? AND id IN (${jobs.map(() => '?').join(', ')})`, [organizationId, ...jobs.map((job) => job.id)],
    )) as Array<{ id: string; from_copy: unknown }>;
    const fromCopy = new Set(marks.filter((mark) => rowBoolean(mark.from_copy)).map((mark) => mark.id));
    return jobs.map((job) => Object.assign(job, { fromCopy: fromCopy.has(job.id) }));
  }
}
