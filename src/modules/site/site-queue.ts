import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import { JOBS_QUEUE, JobPayload } from '../../infra/queue/queue.constants.js';
import { FrontierRepository } from './frontier/frontier.repository.js';

export const SITE_KIND = 'site';
/** Site pages come after the organization's single requests of the same plan priority: a crawl never starves them. */
const PAGE_PRIORITY_OFFSET = 1;

/** Puts a crawl's waiting pages on the one queue, so every worker takes them. */
@Injectable()
export class SiteQueue {
  constructor(
    @InjectQueue(JOBS_QUEUE) private readonly queue: Queue<JobPayload>,
    private readonly frontier: FrontierRepository,
  ) {}

  /** Any number of Bull jobs for one page is harmless: only the claim of its waiting row runs it. */
  async add(organizationId: string, crawlId: string, pageIds: readonly string[], priority: number, delayMs = 0): Promise<void> {
    for (const pageId of pageIds) {
      await this.queue.add({ jobId: crawlId, kind: SITE_KIND, organizationId, pageId }, {
        jobId: `${crawlId}/${pageId}/${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
        priority: priority + PAGE_PRIORITY_OFFSET,
        ...(delayMs > 0 ? { delay: delayMs } : {}),
      });
    }
  }

  /** Again later (a host's floor, a busy host or plan slot): its row stays waiting, marked freshly queued for the sweep. */
  async later(organizationId: string, crawlId: string, pageId: string, priority: number, delayMs: number): Promise<void> {
    await this.add(organizationId, crawlId, [pageId], priority, delayMs);
    await this.frontier.touch(organizationId, crawlId, pageId);
  }
}
