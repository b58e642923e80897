import { InjectQueue } from '@nestjs/bull';
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bull';
import { BrowserCluster } from '../../infra/browser/browser-cluster.js';
import { MetricsService } from '../../infra/metrics/metrics.service.js';
import { ProxyPoolService } from '../../infra/proxy/proxy-pool.service.js';
import { JOBS_QUEUE, JobPayload } from '../../infra/queue/queue.constants.js';

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'paused', 'failed', 'completed'] as const;

/** Values read at scrape time from their owners: Bull's counts, this process's browser, the proxies' health. */
@Injectable()
export class RuntimeGauges implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    private readonly browser: BrowserCluster,
    private readonly proxies: ProxyPoolService,
    @InjectQueue(JOBS_QUEUE) private readonly queue: Queue<JobPayload>,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge('crawlgate_queue_jobs', 'Jobs in the Bull queue (shared by every process), by state.', ['state'], async (gauge) => {
      const counts = (await this.queue.getJobCounts()) as unknown as Record<string, number>;
      for (const state of QUEUE_STATES) gauge.set({ state }, counts[state] ?? 0);
    });
    this.metrics.gauge('crawlgate_browser_pages_open', 'Browser pages holding a job in this process.', [], (gauge) => {
      gauge.set(this.browser.stats().pagesOpen);
    });
    this.metrics.followCounter('crawlgate_browser_launches_total', 'Chromium processes launched by this process.', () => this.browser.stats().browsersLaunched);
    this.metrics.gauge('crawlgate_proxy_up', 'Whether a proxy is in service (1) or set aside after its own failure (0).', ['tier', 'proxy'], async (gauge) => {
      gauge.reset();
      for (const { tier, proxy, up } of await this.proxies.health()) gauge.set({ tier, proxy }, up ? 1 : 0);
    });
  }
}
