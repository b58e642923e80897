import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Job } from '../../infra/database/entities/index.js';

/** An organization's own jobs, newest first; the organization is in every WHERE clause. */
@Injectable()
export class RecentJobsRepository {
  constructor(@InjectRepository(Job) private readonly jobs: Repository<Job>) {}

  /** Without the options column: a recipe's body can be large and the list never shows it. */
  newest(organizationId: string, limit: number): Promise<Job[]> {
    return this.jobs.find({
      select: { id: true, kind: true, status: true, host: true, price: true, refunded: true, errorMessage: true, createdAt: true, finishedAt: true, fromCopy: true },
      where: { organizationId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }
}
