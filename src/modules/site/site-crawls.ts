import { Injectable } from '@nestjs/common';
import { JobRepository } from '../jobs/job.repository.js';
import { CrawlContext } from './crawl-context.js';
import { FrontierRepository } from './frontier/frontier.repository.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';

const FRESH_MS = 5_000;
const KEPT = 200;

/** A worker's view of the crawls it runs pages of: the job row, options and robots rules, read again every few seconds. */
@Injectable()
export class SiteCrawls {
  private readonly known = new Map<string, { context: CrawlContext; at: number; robots: boolean }>();

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly jobs: JobRepository,
    private readonly frontier: FrontierRepository,
  ) {}

  async context(organizationId: string, crawlId: string, fresh = false): Promise<CrawlContext | null> {
    const cached = this.known.get(crawlId);
    if (!fresh && cached && cached.robots && Date.now() - cached.at < FRESH_MS && cached.context.job.organizationId === organizationId) return cached.context;
    const job = await this.jobs.getForOrganization(organizationId, crawlId);
    if (!job) return null;
    const robots = await this.frontier.robots(organizationId, crawlId);
    const context = CrawlContext.of(job, robots, this.config.robotsUserAgent);
    if (this.known.size >= KEPT) this.known.delete(this.known.keys().next().value!);
    this.known.set(crawlId, { context, at: Date.now(), robots: robots !== null });
    return context;
  }
}
