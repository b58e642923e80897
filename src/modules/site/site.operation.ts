import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { MeteredAnswer } from '../../common/http/metered-answer.js';
import type { Job } from '../../infra/database/entities/index.js';
import type { JobPayload } from '../../infra/queue/queue.constants.js';
import { CrawlOperation } from '../crawl/crawl.operation.js';
import type { JobOutput, JobView, Operation, OwnLifecycle, RouteRequest } from '../jobs/operation.js';
import { MeteredOperation } from '../jobs/operation-registry.js';
import { SitePageRunner } from './site-page.runner.js';
import type { SiteRequest } from './site-request.js';
import { SITE_KIND } from './site-queue.js';
import { SiteViews } from './site-views.js';
import { SiteCancel } from './site-cancel.js';

/**
 * POST /site's job kind: many pages, each GET /crawl's operation, run as queue payloads of their own (`own`). Its
 * price is one page's; the crawl is charged page by page.
 */
@Injectable()
@MeteredOperation()
export class SiteOperation implements Operation<SiteRequest> {
  readonly kind = SITE_KIND;
  readonly dailyLimited = false;
  readonly own: OwnLifecycle;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly crawl: CrawlOperation,
    pages: SitePageRunner,
    views: SiteViews,
    cancels: SiteCancel,
  ) {
    this.own = {
      process: (payload: JobPayload) => pages.process(payload),
      collect: (job: Job, cursor: string | undefined): Promise<MeteredAnswer> => views.collect(job, cursor),
      cancel: (job: Job) => cancels.cancel(job),
    };
  }

  price(options: SiteRequest): number {
    return this.crawl.price(options.page);
  }

  route(options: SiteRequest): RouteRequest {
    return options.page.route;
  }

  target(options: SiteRequest): string {
    return options.page.url;
  }

  precheck(options: SiteRequest): void {
    this.crawl.precheck(options.page);
  }

  admittedCheck(options: SiteRequest): Promise<void> {
    return this.crawl.admittedCheck(options.page);
  }

  timeoutMs(): number {
    return this.config.site.maxHours * 3_600_000;
  }

  run(): Promise<JobOutput> {
    return Promise.reject(new AppError(ErrorCode.InternalError, 'A site crawl runs page by page, never as one job.'));
  }

  envelope(view: JobView<SiteRequest>): object {
    return { job_id: view.job.id, kind: SITE_KIND, url: view.options.page.url, status: view.job.status };
  }
}
