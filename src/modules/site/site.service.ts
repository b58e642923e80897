import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { MeteredAnswer } from '../../common/http/metered-answer.js';
import { Job } from '../../infra/database/entities/index.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { ProxyPoolService } from '../../infra/proxy/proxy-pool.service.js';
import type { IdempotencyRecord } from '../billing/idempotency-record.js';
import { LimitsService } from '../billing/limits.service.js';
import { limitsFor } from '../billing/plan-limits.js';
import { assertCovers } from '../jobs/charged-job.js';
import { IdempotentStart } from '../jobs/idempotent-start.js';
import type { MeteredRequest } from '../jobs/metered-request.js';
import { WebhookUrlPolicy } from '../webhooks/webhook-url.js';
import { keyHash } from './crawl-context.js';
import { FrontierRepository } from './frontier/frontier.repository.js';
import { urlKey } from '../../infra/discovery/url-key.js';
import type { SiteRequest } from './site-request.js';
import { SiteOperation } from './site.operation.js';
import { SiteQueue } from './site-queue.js';
import { SiteViews } from './site-views.js';

/**
 * POST /site's admission (decisions.md 9.3): its Idempotency-Key, then the checks of a metered request in their order,
 * 402 when the balance does not cover one page, 429 past SITE_ACTIVE_PER_ORG; then the crawl's rows and its start page
 * queued. Nothing charged.
 */
@Injectable()
export class SiteService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly operation: SiteOperation,
    private readonly policy: NetworkPolicy,
    private readonly proxies: ProxyPoolService,
    private readonly limits: LimitsService,
    private readonly webhookUrls: WebhookUrlPolicy,
    private readonly frontier: FrontierRepository,
    private readonly queue: SiteQueue,
    private readonly views: SiteViews,
    private readonly idempotent: IdempotentStart,
  ) {}

  /**
   * `metered.idempotencyKey` claimed as on every metered route (decisions.md 7.3): a duplicate replays the first crawl,
   * its envelope as it is now. POST /site always answers 202 (9.3), a replay of a crawl that has ended too.
   */
  async start(request: SiteRequest, organization: Organization, metered: MeteredRequest): Promise<MeteredAnswer> {
    const webhookUrl = this.webhookUrls.parse(metered.webhookUrl, organization);
    const answer = await this.idempotent.run(this.operation, organization, metered, (jobId, jobCreated, key) => this.admit(request, organization, webhookUrl, jobId, jobCreated, key));
    // Credit headers as on every metered answer (decisions.md 2): the POST itself charges nothing, its pages are charged as they are taken.
    return new MeteredAnswer(202, answer.body, { ...answer.facts, billing: answer.facts.billing ?? { charged: 0, remaining: organization.balance } });
  }

  private async admit(
    request: SiteRequest, organization: Organization, webhookUrl: string | null, jobId: string, jobCreated: () => Promise<void>, key?: IdempotencyRecord,
  ): Promise<MeteredAnswer> {
    const target = new URL(request.page.url);
    this.operation.precheck(request);
    const route = request.page.route;
    if (route.city) this.proxies.validateCity(route.tier, route.country, route.city);
    await this.proxies.assertAvailable(route.tier);
    const plan = limitsFor(this.config.plans, organization);
    await this.limits.takeBurstToken(organization.id, plan.burst);
    await this.operation.admittedCheck(request);
    const price = this.operation.price(request);
    assertCovers(organization, price);
    await this.policy.assertTargetAllowed(target);
    await this.webhookUrls.assertReachable(webhookUrl);
    const job = this.newJob(jobId, organization, request, target, price, webhookUrl);
    const start = { url: target.href, keyHash: keyHash(urlKey(target, { ignoreQuery: request.ignoreQuery })!), depth: 0, parent: null };
    const startId = await this.frontier.create(job, start, this.config.site.activePerOrg, key);
    if (startId === null) {
      throw new AppError(ErrorCode.ConcurrencyExceeded, `At most ${this.config.site.activePerOrg} site crawls of an organization are queued or running; wait for one to end.`, { retryAfterSeconds: 5 });
    }
    await jobCreated();
    await this.queue.addStart(organization.id, job.id, startId, plan.priority);
    return this.views.collect(job, undefined);
  }

  private newJob(id: string, organization: Organization, request: SiteRequest, target: URL, price: number, webhookUrl: string | null): Job {
    const now = new Date();
    // Kept past the crawl's longest run; its end sets the expiry to RESULT_TTL_HOURS after it.
    const expiresAt = new Date(now.getTime() + (this.config.site.maxHours + this.config.resultTtlHours) * 3_600_000);
    return Object.assign(new Job(), {
      id, organizationId: organization.id, kind: this.operation.kind, status: 'queued', host: target.hostname.toLowerCase(),
      price, refunded: false, options: JSON.stringify(request), webhookUrl, errorCode: null, errorMessage: null, createdAt: now, startedAt: null, finishedAt: null, expiresAt,
    });
  }
}
