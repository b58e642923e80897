import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Job } from '../../infra/database/entities/index.js';
import { rowInt } from '../../infra/database/row-values.js';

/** A job of the list, and for a site crawl what its pages were charged (its envelope's `credits_used`; null for every other kind). */
export type RecentJob = Job & { readonly siteCredits: number | null };

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
    const siteCredits = await this.siteCredits(organizationId, jobs.filter((job) => job.kind === 'site').map((job) => job.id));
    return jobs.map((job) => Object.assign(job, { siteCredits: job.kind === 'site' ? siteCredits.get(job.id) ?? 0 : null }));
  }

  /**
   * A site crawl is charged page by page, its job row's price is one page's: what it used is the sum of its pages'
   * credits, as SiteViews sums them for `credits_used`. One grouped query for the whole list, not one per crawl.
   */
  private async siteCredits(organizationId: string, crawlIds: string[]): Promise<Map<string, number>> {
    if (crawlIds.length === 0) return new Map();
    const rows = (await this.jobs.query(
      `SELECT crawl_id, COALESCE(SUM(credits), 0) AS credits FROM site_page WHERE organization_id = ? AND crawl_id IN (${crawlIds.map(() => '?').join(', ')}) GROUP BY crawl_id`,
      [organizationId, ...crawlIds],
    )) as Array<{ crawl_id: string; credits: unknown }>;
    return new Map(rows.map((row) => [row.crawl_id, rowInt(row.credits)]));
  }
}
